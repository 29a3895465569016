/**
 * The subcontracting lists and views (administration-data.md §7 "Subcontractors (/api/settings/Subcontractors)";
 * docs/api.md "Subcontracting") that the generic list and get answer with these hooks: the orders the user may see
 * across projects, the agencies ordered on a project, one row per package and subcontractor, each order's
 * accumulated payments, a package with its managers and a payment with its project and subcontractor.
 */
import { AppError } from '../../engine/errors';
import { projectScope } from '../../engine/rules/access';
import { isLookupInUse, lookupKey, type ProtectedLookupType } from '../../engine/rules/subcontractor-lookups';
import { accumulatedByOrder } from '../../engine/rules/subcontractor-payments';
import type {
  LookupValue,
  Project,
  SubcontractorOrder,
  SubcontractorPackage,
  SubcontractorPayment,
  User,
} from '../../engine/types/generated';
import { accessSubject } from '../middleware/session';
import { orderOfPayment } from '../operations/subcontracting';
import type { AfterReadHook, Item, WhereHook } from '../resources/hooks';

type Stored<T> = T & Item;

/** where: the orders of the projects the user may list in the qs area (qs/subcontractors, all projects). */
export const ordersOfVisibleProjects: WhereHook = async ({ context, store }) => {
  if (!context.user) return false;
  const scope = projectScope(accessSubject(context.user, context.clientId), 'qs');
  const projects = await store
    .collection<Project>('projects')
    .find({ ...scope, clientId: context.clientId }, { projection: { id: 1 } });
  return { projectId: { $in: projects.map((p) => p.id) } };
};

/** where: the subcontractors with an order on the path's project. */
export const orderedOnProject: WhereHook = async ({ context, store }) => {
  const orders = await store
    .collection<SubcontractorOrder>('subcontractorOrders')
    .find({ clientId: context.clientId, projectId: context.params.projectId }, { projection: { subContractorId: 1 } });
  return { id: { $in: [...new Set(orders.map((o) => o.subContractorId))] } };
};

/** afterRead: one row per package and subcontractor (the first order of each), with a label for the choices. */
export const uniqueOrderRows: AfterReadHook<Stored<SubcontractorOrder>> = (orders) => {
  const seen = new Set<string>();
  return orders.flatMap((o) => {
    const key = `${lookupKey(o.package)}|${o.subContractorId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        id: o.id,
        orderNumber: o.orderNumber,
        package: o.package,
        subContractorId: o.subContractorId,
        subContractorName: o.subContractorName ?? '',
        contractSum: o.contractSum,
        retention: o.retention,
        label: `${o.package} - ${o.subContractorName ?? ''} (${o.orderNumber})`,
      },
    ];
  });
};

/** afterRead: each order's accumulated payments (engine/rules/subcontractor-payments.ts), with subContractorName. */
export const accumulatedPayments: AfterReadHook<Stored<SubcontractorOrder>> = async (orders, { context, store }) => {
  const payments = await store
    .collection<SubcontractorPayment>('subcontractorPayments')
    .find({ clientId: context.clientId, projectId: context.params.projectId });
  return accumulatedByOrder(orders, payments).map((row, i) => ({
    ...row,
    subContractorName: orders[i].subContractorName ?? '',
  }));
};

/** afterRead: a package with its managers `{ id, fullName }` (the client's users, in the package's order). */
export const packageManagers: AfterReadHook<Stored<SubcontractorPackage>> = async (packages, { context, store }) => {
  const ids = [...new Set(packages.flatMap((p) => p.managerIds ?? []))];
  const users =
    ids.length === 0
      ? []
      : await store
          .collection<User>('users')
          .find({ clientIds: context.clientId, id: { $in: ids } }, { projection: { id: 1, fullName: 1 } });
  const byId = new Map(users.map((u) => [u.id, { id: u.id, fullName: u.fullName }]));
  return packages.map((p) => ({
    ...p,
    managers: (p.managerIds ?? []).flatMap((id) => byId.get(id) ?? []),
  }));
};

/** afterRead: a payment with its project `{ code, name }`, projectLogoUrl and subcontractor `{ id, name, code }`. */
export const paymentView: AfterReadHook<Stored<SubcontractorPayment>> = async (payments, { context, store }) => {
  const project = await store
    .collection<Project>('projects')
    .findOne({ clientId: context.clientId, id: context.params.projectId });
  if (!project) throw new AppError(404, 'notFound.project');
  return Promise.all(
    payments.map(async (payment) => {
      const sub = await store
        .collection<Item>('subcontractors')
        .findOne({ clientId: context.clientId, id: payment.subContractorId });
      return {
        ...payment,
        project: { code: project.code, name: project.name },
        projectLogoUrl: project.logoUrl ?? '',
        subcontractor: sub ? { id: Number(sub.id), name: String(sub.name), code: String(sub.code) } : undefined,
      };
    }),
  );
};

/**
 * afterRead: whether a subcontracting lookup value (a package name, payment terms) is named by an order, payment
 * or package (engine/rules/subcontractor-lookups.ts isLookupInUse): the answer is true or false.
 */
export const lookupValueInUse: AfterReadHook<Stored<LookupValue>> = async (values, { context, store }) => {
  const clientId = context.clientId;
  const records = {
    orders: await store
      .collection<SubcontractorOrder>('subcontractorOrders')
      .find({ clientId }, { projection: { package: 1, paymentTerms: 1 } }),
    payments: await store
      .collection<SubcontractorPayment>('subcontractorPayments')
      .find({ clientId }, { projection: { package: 1 } }),
    packages: await store
      .collection<SubcontractorPackage>('subcontractorPackages')
      .find({ clientId }, { projection: { name: 1 } }),
  };
  return values.map((value) => isLookupInUse(value.type as ProtectedLookupType, value.name, records));
};

/**
 * where of GET …/{projectId}/order/{package}/{sub}: the project's order of that package name (spaces and case as
 * the lookup values compare them) and subcontractor id; none: nothing (404 subcontractorOrders.notFound).
 */
export const orderOfPackageAndSub: WhereHook = async ({ context, store }) => {
  const { projectId, package: pkg, sub } = context.params;
  const order = await orderOfPayment(store, Number(context.clientId), Number(projectId), String(pkg), Number(sub));
  return order ? { id: order.id } : false;
};
