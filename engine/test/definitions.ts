/**
 * Form definitions for tests: a Published version 1 of client 1's health-and-safety area with the given
 * pages, so a test states only what it is about (its questions). Questions are taken as written (tests
 * also pass shapes the schema refuses, to see them refused).
 */
import type { FormDefinition } from '../types/generated';

/** A page as a test writes it. */
export interface TestPage {
  id: number;
  label: string;
  questions: unknown[];
  visibleWhen?: unknown;
}

/** A published definition `{ id, title }` with `pages` (see the module comment). */
export function testDefinition(head: { id: number; title: string }, pages: TestPage[]): FormDefinition {
  return {
    ...head,
    clientId: 1,
    formArea: 'health-and-safety',
    status: 'Published',
    version: 1,
    pages,
  } as unknown as FormDefinition;
}

/** A stored definition as a create/update body: without the fields the server controls (id, status, audit…). */
export function definitionInput(def: Record<string, unknown>): Record<string, unknown> {
  const {
    _id,
    id,
    clientId,
    formArea,
    status,
    version,
    created,
    modified,
    createdBy,
    createdById,
    modifiedBy,
    modifiedById,
    publishedAt,
    ...input
  } = def;
  return input;
}
