/**
 * What goes with a deleted subcontracting record (administration-data.md §7 "Subcontractors"; docs/api.md
 * "Subcontracting"), in the delete's transaction: an order with payments is refused (409); a payment's order has
 * its later payments recomputed; a package's returns go; every record's files go; and the lookup values' inUse
 * flags are kept true to what the records still name (api/operations/subcontracting.ts).
 */
import { AppError } from '../../engine/errors';
import { lookupKey } from '../../engine/rules/subcontractor-lookups';
import type { SubcontractorOrder, SubcontractorPayment } from '../../engine/types/generated';
import { recomputePayments, refreshLookupInUse } from '../operations/subcontracting';
import type { AfterDeleteHook, BeforeDeleteHook, Item } from '../resources/hooks';

/** beforeDelete: an order whose package and subcontractor have payments on its project stays (409). */
export const orderWithoutPayments: BeforeDeleteHook<SubcontractorOrder & Item> = async (order, { store }) => {
  const payments = await store.collection<SubcontractorPayment>('subcontractorPayments').find({
    clientId: order.clientId,
    projectId: order.projectId,
    subContractorId: order.subContractorId,
  });
  if (payments.some((p) => lookupKey(p.package) === lookupKey(order.package)))
    throw new AppError(409, 'subcontractorOrders.hasPayments');
};

/** The folder of a record's files (client-relative): subcontractors/{kind}s/{id}, kind from the resource's name. */
export function subcontractingFolder(resourceName: string, id: number): string {
  return `subcontractors/${resourceName.replace(/^subcontractor-/, '')}s/${id}`;
}

/** afterDelete: the record's files (subcontractors/{orders,payments,packages}/{id}). */
export const deleteRecordFiles: AfterDeleteHook = async (item, { store, resource }) => {
  await store.files.deleteFolder(`${item.clientId}/${subcontractingFolder(resource.name, Number(item.id))}/`);
};

/** afterDelete: the other payments of a deleted payment's order, recomputed in claim order. */
export const recomputeOrderPayments: AfterDeleteHook<SubcontractorPayment & Item> = async (payment, { store }) => {
  await recomputePayments(store, payment.clientId, payment.projectId, payment.package, payment.subContractorId);
};

/** afterDelete: a package's returns. */
export const deletePackageReturns: AfterDeleteHook = async (pkg, { store }) => {
  await store.collection('subcontractorReturns').deleteMany({ clientId: pkg.clientId, subcontractorPackageId: pkg.id });
};

/** afterDelete: the inUse flags of the subcontracting lookup values. */
export const refreshSubcontractingLookups: AfterDeleteHook = async (item, { store }) => {
  await refreshLookupInUse(store, Number(item.clientId));
};
