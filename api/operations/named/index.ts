/**
 * Named operations of the catalogue (`handler.named` in schemas/api/operations.json): what a generic
 * resource handler cannot say, thin functions over the store, one file per family. api/catalogue.test.ts
 * checks every name the catalogue uses is here.
 */
import type { NamedOperations } from '../../resources/context';
import * as auth from './auth';
import * as authorization from './authorization';
import * as categoryRegisters from './category-registers';
import { codeGeneratorGenerate } from './code-generator-generate';
import * as contacts from './contacts';
import * as drawingRegister from './drawing-register';
import * as employees from './employees';
import * as entries from './entries';
import * as entriesOps from './entries-ops';
import * as exportSettings from './export-settings';
import * as external from './external';
import * as files from './files';
import * as formImport from './form-import';
import * as forms from './forms';
import * as labelPreparation from './label-preparation';
import * as linkAccess from './link-access';
import * as mail from './mail';
import * as migration from './migration';
import * as passwordReset from './password-reset';
import * as pdfJobs from './pdf-jobs';
import * as projects from './projects';
import * as qrCodes from './qr-codes';
import * as questionLibrary from './question-library';
import * as sending from './sending';
import * as settingsForms from './settings-forms';
import * as subcontractors from './subcontractors';

export const namedOperations: NamedOperations = {
  'auth.login': auth.login,
  'auth.isLoggedIn': auth.isLoggedIn,
  'auth.logout': auth.logout,
  'auth.setClient': auth.setClient,
  'auth.reset': auth.reset,
  'auth.forgotPassword': passwordReset.forgotPassword,
  'mail.list': mail.list,
  'auth.resetPassword': passwordReset.resetPassword,
  'authorization.activity': authorization.activity,
  'authorization.projectAccess': authorization.projectAccess,
  'authorization.documents': authorization.documents,
  'authorization.hasAccess': authorization.hasAccess,
  'authorization.hasAccessType': authorization.hasAccessType,
  'authorization.projectAccessNumber': authorization.projectAccessNumber,
  'authorization.qs': authorization.qs,
  'authorization.sitework': authorization.sitework,
  'authorization.publicForm': authorization.publicForm,
  'authorization.dmsShared': authorization.dmsShared,
  'drawingRegister.list': drawingRegister.list,
  'drawingRegister.save': drawingRegister.save,
  'drawingRegister.upload': drawingRegister.upload,
  'drawingRegister.primaryFiles': drawingRegister.primaryFiles,
  'drawingRegister.secondaryFiles': drawingRegister.secondaryFiles,
  'drawingRegister.getAllFiles': drawingRegister.getAllFiles,
  'drawingRegister.deleteFile': drawingRegister.deleteFile,
  'drawingRegister.aggregateId': drawingRegister.aggregateId,
  'drawingRegister.byEntryNumber': drawingRegister.byEntryNumber,
  'drawingRegister.byName': drawingRegister.byName,
  'drawingRegister.download': drawingRegister.download,
  'drawingRegister.allDrawings': drawingRegister.allDrawings,
  'drawingRegister.lookups': drawingRegister.lookups,
  'publicLinks.get': linkAccess.getPublicLink,
  'publicLinks.issue': linkAccess.issuePublicLink,
  'publicLinks.revoke': linkAccess.revokePublicLink,
  'links.list': linkAccess.listLinks,
  'links.revoke': linkAccess.revokeProjectLink,
  'healthAndSafety.canAccess': authorization.hsCanAccess,
  'healthAndSafety.accessLevel': authorization.hsAccessLevel,
  'contacts.getAllCountries': contacts.getAllCountries,
  'contacts.assign': contacts.assign,
  'projects.users': projects.users,
  'projects.newProjectCode': projects.newProjectCode,
  'projects.getQaOfflineInfo': projects.getQaOfflineInfo,
  'projects.updateQaOfflineInfo': projects.updateQaOfflineInfo,
  'forms.getActive': forms.getActive,
  'forms.getForProject': forms.getForProject,
  'forms.create': forms.create,
  'forms.update': forms.update,
  'forms.publish': forms.publish,
  'forms.versions': forms.versions,
  'forms.versionDiff': forms.diff,
  'forms.publishImpact': forms.impact,
  'forms.migrationPreview': migration.preview,
  'forms.migrationApply': migration.apply,
  'forms.migrationRevert': migration.revert,
  'questionLibrary.usages': questionLibrary.usages,
  'questionLibrary.updateForms': questionLibrary.updateForms,
  'forms.import': formImport.importSource,
  'forms.export': formImport.exportSource,
  'forms.sections': settingsForms.sections,
  'forms.allMetadata': settingsForms.allMetadata,
  'forms.metadata': settingsForms.metadata,
  'forms.clone': settingsForms.clone,
  'forms.saveLinks': settingsForms.saveLinks,
  'forms.attachments': settingsForms.attachments,
  'forms.attachmentsByPrefix': settingsForms.attachmentsByPrefix,
  'forms.deleteFiles': settingsForms.deleteFiles,
  'forms.documents': settingsForms.documents,
  'forms.uploadDocument': settingsForms.uploadDocument,
  'forms.withdraw': settingsForms.withdraw,
  'forms.delete': settingsForms.remove,
  'qrCodes.generate': qrCodes.generate,
  'qrCodes.scan': qrCodes.scan,
  'qrCodes.publicEntry': qrCodes.publicEntry,
  'labelPreparation.export': labelPreparation.exportLabels,
  'entries.submit': entries.submit,
  'entries.getall': entries.getall,
  'entries.registerCharts': entries.registerCharts,
  'entries.copy': entriesOps.copy,
  'entries.getMultiple': entriesOps.getMultiple,
  'entries.upload': entriesOps.upload,
  'entries.uploadTemplate': entriesOps.uploadTemplate,
  'entries.downloadLookupValues': entriesOps.downloadLookupValues,
  'entries.category': categoryRegisters.category,
  'entries.categoryCharts': categoryRegisters.categoryCharts,
  'entries.categoryDownload': categoryRegisters.categoryDownload,
  'entries.openItems': categoryRegisters.openItems,
  'entries.get': entries.get,
  'entries.download': entries.download,
  'entries.downloadPdf': pdfJobs.downloadPdf,
  'entries.downloadPdfRegister': pdfJobs.downloadPdfRegister,
  'entries.checkPdfComplete': pdfJobs.checkPdfComplete,
  'entries.checkPdfRegisterComplete': pdfJobs.checkPdfRegisterComplete,
  'entries.pdfDownloadStatus': pdfJobs.pdfDownloadStatus,
  'entries.pdfDownloadStop': pdfJobs.pdfDownloadStop,
  'entries.pdfDownloadFile': pdfJobs.pdfDownloadFile,
  'entries.discard': entries.discard,
  'entries.linkedPrefill': entries.linkedPrefill,
  'exportSettings.get': exportSettings.get,
  'employees.assignOne': employees.assignOne,
  'employees.assign': employees.assign,
  'employees.invite': employees.invite,
  'employees.upload': employees.upload,
  'auth.setPassword': employees.setPassword,
  'codeGenerator.generate': codeGeneratorGenerate,
  'files.list': files.list,
  'files.upload': files.upload,
  'files.download': files.download,
  'files.delete': files.remove,
  'files.deleteFolder': files.removeFolder,
  'thumbnails.sized': files.sized,
  'thumbnails.width': files.byWidth,
  'sending.send': sending.send,
  'sending.links': sending.links,
  'sending.revoke': sending.revoke,
  'subcontractors.sendReturn': sending.sendReturn,
  'subcontractors.securityCodeDocument': sending.securityCodeDocument,
  'subcontractors.securityCodeUpload': sending.securityCodeUpload,
  'subcontractors.nextCode': subcontractors.nextCode,
  'subcontractors.aggregateId': subcontractors.aggregateId,
  'external.open': external.open,
  'external.submit': external.submit,
  'external.close': external.close,
  'external.upload': external.upload,
  'external.files': external.files,
  'external.download': external.download,
  'external.deleteFile': external.deleteFile,
  'subcontractors.securityCode': subcontractors.securityCode,
  'subcontractors.returnPackage': subcontractors.returnPackage,
  'subcontractors.documents': subcontractors.documents,
  'subcontractors.paymentDocs': subcontractors.paymentDocs,
  'subcontractors.upload': subcontractors.upload,
  'subcontractors.deleteFile': subcontractors.deleteFile,
};
