/**
 * Which subcontracting lookup values are in use (administration-data.md §4 "Lookup and settings-form items":
 * "Subcontractor package and payment-term lookup items that are in use cannot be deleted or deactivated";
 * §9 "The subcontractor lookup types SubContractorPaymentTerms and SubContractorPackage are protected while in
 * use"). Orders, payments and packages name their lookup values by name (the value's `name`, which no call
 * renames); a value is in use while one of the tenant's records names it:
 * - SubContractorPackage: an order's `package`, a payment's `package`, a package's `name`;
 * - SubContractorPaymentTerms: an order's `paymentTerms`.
 * The API keeps each value's `inUse` flag equal to this after every write of those records, so the lookup value
 * rules (schemas/rules/lookup-value.json canDelete, canDeactivate) refuse, and the screen hides, the actions.
 */

/** The lookup types protected while in use. */
export const PACKAGE_LOOKUP = 'SubContractorPackage';
export const PAYMENT_TERMS_LOOKUP = 'SubContractorPaymentTerms';
export type ProtectedLookupType = typeof PACKAGE_LOOKUP | typeof PAYMENT_TERMS_LOOKUP;

/** A lookup value's name as compared: trimmed, inner white space single, lower case. */
export function lookupKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What the in-use rule reads of the subcontracting records. */
export interface SubcontractingRecords {
  orders: readonly { package?: string; paymentTerms?: string }[];
  payments: readonly { package?: string }[];
  packages: readonly { name?: string }[];
}

/** The names (as {@link lookupKey}) of the values of `type` the records use. */
export function lookupNamesInUse(type: ProtectedLookupType, records: SubcontractingRecords): Set<string> {
  const names: (string | undefined)[] =
    type === PACKAGE_LOOKUP
      ? [
          ...records.orders.map((o) => o.package),
          ...records.payments.map((p) => p.package),
          ...records.packages.map((p) => p.name),
        ]
      : records.orders.map((o) => o.paymentTerms);
  return new Set(names.filter((n): n is string => typeof n === 'string' && n.trim() !== '').map(lookupKey));
}

/** True when the lookup value named `name` of `type` is in use by the records. */
export function isLookupInUse(type: ProtectedLookupType, name: string, records: SubcontractingRecords): boolean {
  return lookupNamesInUse(type, records).has(lookupKey(name));
}
