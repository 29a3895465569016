/**
 * Named operations of the catalogue (`handler.named` in schemas/api/operations.json): what a generic
 * resource handler cannot say, thin functions over the store, one file per family. api/catalogue.test.ts
 * checks every name the catalogue uses is here.
 */
import type { NamedOperation } from '../../resources/context';
import * as auth from './auth';
import * as authorization from './authorization';
import * as clients from './clients';
import * as contacts from './contacts';
import { codeGeneratorGenerate } from './code-generator-generate';
import * as entries from './entries';
import * as files from './files';
import * as forms from './forms';
import * as labelPreparation from './label-preparation';
import { lookupValuesCreate } from './lookup-values-create';
import * as organisations from './organisations';
import * as projects from './projects';
import * as qrCodes from './qr-codes';
import * as settingsForms from './settings-forms';

export const namedOperations: Readonly<Record<string, NamedOperation>> = {
  'auth.login': auth.login,
  'auth.isLoggedIn': auth.isLoggedIn,
  'auth.logout': auth.logout,
  'auth.setClient': auth.setClient,
  'auth.reset': auth.reset,
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
  'healthAndSafety.canAccess': authorization.hsCanAccess,
  'healthAndSafety.accessLevel': authorization.hsAccessLevel,
  'clients.current': clients.current,
  'clients.getall': clients.getall,
  'clients.get': clients.get,
  'contacts.getall': contacts.getall,
  'contacts.byProject': contacts.byProject,
  'contacts.byOrganisation': contacts.byOrganisation,
  'contacts.getAllRoles': contacts.getAllRoles,
  'contacts.getAllTypes': contacts.getAllTypes,
  'contacts.getAllDisciplines': contacts.getAllDisciplines,
  'contacts.getAllCountries': contacts.getAllCountries,
  'contacts.assign': contacts.assign,
  'contacts.unassign': contacts.unassign,
  'contacts.upload': contacts.upload,
  'contacts.download': contacts.download,
  'organisations.forDocument': organisations.forDocument,
  'organisations.upload': organisations.upload,
  'organisations.download': organisations.download,
  'projects.getall': projects.getall,
  'projects.get': projects.get,
  'projects.summary': projects.summary,
  'projects.users': projects.users,
  'forms.getActive': forms.getActive,
  'forms.getForProject': forms.getForProject,
  'forms.all': forms.all,
  'forms.get': forms.get,
  'forms.create': forms.create,
  'forms.update': forms.update,
  'forms.publish': forms.publish,
  'forms.activate': settingsForms.activate,
  'forms.deactivate': settingsForms.deactivate,
  'forms.default': settingsForms.makeDefault,
  'forms.nondefault': settingsForms.makeNonDefault,
  'forms.sections': settingsForms.sections,
  'forms.getActiveByFlag': settingsForms.byActiveFlag,
  'forms.allMetadata': settingsForms.allMetadata,
  'forms.metadata': settingsForms.metadata,
  'forms.formSections': settingsForms.formSections,
  'forms.clone': settingsForms.clone,
  'forms.links': settingsForms.links,
  'forms.saveLinks': settingsForms.saveLinks,
  'forms.attachments': settingsForms.attachments,
  'forms.attachmentsByPrefix': settingsForms.attachmentsByPrefix,
  'forms.deleteFiles': settingsForms.deleteFiles,
  'forms.documents': settingsForms.documents,
  'forms.uploadDocument': settingsForms.uploadDocument,
  'forms.withdraw': settingsForms.withdraw,
  'forms.delete': settingsForms.remove,
  'qrCodes.create': qrCodes.create,
  'qrCodes.update': qrCodes.update,
  'qrCodes.delete': qrCodes.remove,
  'qrCodes.generate': qrCodes.generate,
  'qrCodes.scan': qrCodes.scan,
  'qrCodes.publicEntry': qrCodes.publicEntry,
  'labelPreparation.add': labelPreparation.add,
  'labelPreparation.edit': labelPreparation.edit,
  'labelPreparation.export': labelPreparation.exportLabels,
  'entries.submit': entries.submit,
  'entries.getall': entries.getall,
  'entries.get': entries.get,
  'entries.download': entries.download,
  'entries.linkedPrefill': entries.linkedPrefill,
  'lookupValues.create': lookupValuesCreate,
  'codeGenerator.generate': codeGeneratorGenerate,
  'files.list': files.list,
  'files.upload': files.upload,
  'files.download': files.download,
  'files.delete': files.remove,
  'files.deleteFolder': files.removeFolder,
  'thumbnails.sized': files.sized,
  'thumbnails.width': files.byWidth,
};
