/**
 * A project's contacts (projects/{id}/edit/contacts; docs/decisions.md "Contacts"): a contact is on the projects
 * its projectIds name.
 */
import type { Contact } from '../../engine/types/generated';
import type { BeforeChangeHook, Item } from '../resources/hooks';

/** beforeChange of DELETE …/contacts/assign/{projectId}/{id}: the contact leaves the path's project. */
export const leavePathProject: BeforeChangeHook<Contact & Item> = (contact, { context }) => ({
  ...contact,
  projectIds: (contact.projectIds ?? []).filter((id) => id !== context.params.projectId),
});
