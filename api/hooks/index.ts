/**
 * The registry of lifecycle hooks and CSV sheets (issue 20 §1; api/resources/hooks.ts): one function per file in
 * this folder, collected here by stage. Resource declarations (schemas/resources) and catalogue operations
 * (schemas/api/operations.json `handler.hooks`, `handler.sheet`) name them; api/catalogue.test.ts checks that
 * every name they use is registered under its stage.
 */
import type { HookRegistry } from '../resources/hooks';
import { currentClient, userClients } from './clients';
import { leavePathProject } from './contact-projects';
import { contactSheet } from './contact-sheet';
import { defaultSubcontractorCode } from './default-subcontractor-code';
import { organisationTakesKind, usableOnDocument } from './document-parties';
import {
  accessesChange,
  dropFalseFlags,
  employeeFields,
  keepOwnAdminOnChange,
  keepOwnAdminOnDelete,
  projectAccessChange,
  removeEmployeeUser,
  syncEmployeeUser,
  withoutAccesses,
} from './employee-access';
import { employeeSheet } from './employee-sheet';
import { exportSettingFormat } from './export-settings';
import { formActiveFlag, formCategory, formPages, formSummary, publishFlags } from './form-definitions';
import { labelRowIds, labelSetupInput } from './label-setups';
import { libraryItemVersion } from './library-item-version';
import { linksOfQueryForm } from './linked-form-setups';
import { lookupValueLine } from './lookup-value-line';
import { organisationSheet } from './organisation-sheet';
import { projectLookupValueLine } from './project-lookup-value-line';
import {
  availableForTender,
  editableProject,
  emptyClears,
  hourlyStaffRows,
  projectView,
  visibleProjects,
} from './project-views';
import { advanceProjectCode, projectChecks, projectDefaults } from './project-writes';
import { dropLabelColumns, qrDetailIds, qrSetupInput, setupsOfPathForm } from './qr-code-setups';
import {
  deletePackageReturns,
  deleteRecordFiles,
  orderWithoutPayments,
  recomputeOrderPayments,
  refreshSubcontractingLookups,
} from './subcontracting-deletes';
import {
  accumulatedPayments,
  lookupValueInUse,
  orderedOnProject,
  orderOfPackageAndSub,
  ordersOfVisibleProjects,
  packageManagers,
  paymentView,
  uniqueOrderRows,
} from './subcontracting-views';
import {
  orderAnswers,
  orderInput,
  packageInput,
  packageReturns,
  paymentInput,
  recomputeOrderFigures,
} from './subcontracting-writes';

export const hookRegistry: HookRegistry = {
  where: {
    visibleProjects,
    ordersOfVisibleProjects,
    orderedOnProject,
    orderOfPackageAndSub,
    currentClient,
    userClients,
    formCategory,
    formActiveFlag,
    setupsOfPathForm,
    linksOfQueryForm,
    organisationTakesKind,
  },
  beforeValidate: {
    defaultSubcontractorCode,
    libraryItemVersion,
    lookupValueLine,
    projectLookupValueLine,
    accessesChange,
    projectAccessChange,
    projectDefaults,
    employeeFields,
    orderInput,
    paymentInput,
    packageInput,
    labelSetupInput,
    qrSetupInput,
    exportSettingFormat,
  },
  beforeChange: {
    keepOwnAdminOnChange,
    withoutAccesses,
    dropFalseFlags,
    editableProject,
    emptyClears,
    leavePathProject,
    projectChecks,
    orderAnswers,
    labelRowIds,
    qrDetailIds,
  },
  afterChange: {
    syncEmployeeUser,
    advanceProjectCode,
    recomputeOrderFigures,
    packageReturns,
    refreshSubcontractingLookups,
    publishFlags,
  },
  afterRead: {
    availableForTender,
    projectView,
    uniqueOrderRows,
    accumulatedPayments,
    packageManagers,
    paymentView,
    lookupValueInUse,
    formSummary,
    formPages,
    hourlyStaffRows,
    usableOnDocument,
  },
  beforeDelete: { keepOwnAdminOnDelete, orderWithoutPayments },
  afterDelete: {
    removeEmployeeUser,
    deleteRecordFiles,
    recomputeOrderPayments,
    deletePackageReturns,
    refreshSubcontractingLookups,
    dropLabelColumns,
  },
  sheets: { contact: contactSheet, organisation: organisationSheet, employee: employeeSheet },
};
