/**
 * Loads the demo seed (fixtures/seed) into an empty store on first start (README "Demo accounts").
 * Nothing is written when the store already holds a client, so restarts never touch real data. The seed's
 * files go into the file store: pictures drawn as SVG are stored as PNG (sharp), documents as PDF.
 */

import sharp from 'sharp';
import type {
  Client,
  CodeGeneratorSetting,
  FormDefinition,
  LookupValue,
  Project,
  User,
} from '../../engine/types/generated';
import { demoSeed, onePagePdf } from '../../fixtures/seed';
import { clientPasswordDigest, hashPassword } from '../auth/passwords';
import { fileKey } from '../files/paths';
import { raiseSequence } from '../ids';
import type { FormVersionDoc } from '../operations/forms';
import type { Store } from '../store/port';
import { loadSubcontracting } from './subcontracting';

type Stored<T> = T & { [key: string]: unknown };

/** The seed's shape: entities, with users carrying their typed demo password. */
export type Seed = typeof demoSeed;

/**
 * Writes the seed when the store has no client yet.
 * @returns true when the seed was loaded, false when the store already had data
 */
export async function seedIfEmpty(store: Store, seed: Seed = demoSeed): Promise<boolean> {
  if ((await store.collection('clients').countDocuments({})) > 0) return false;
  const now = new Date().toISOString();
  for (const client of seed.clients) await store.collection<Stored<Client>>('clients').insertOne({ ...client });
  for (const { password, ...user } of seed.users) {
    const passwordHash = await hashPassword(clientPasswordDigest(password));
    await store.collection<Stored<User>>('users').insertOne({ ...user, email: user.email.toLowerCase(), passwordHash });
  }
  for (const project of seed.projects) await store.collection<Stored<Project>>('projects').insertOne({ ...project });
  for (const value of seed.lookupValues)
    await store.collection<Stored<LookupValue>>('lookupValues').insertOne({ ...value });
  for (const setting of seed.codeGeneratorSettings ?? [])
    await store.collection<Stored<CodeGeneratorSetting>>('codeGeneratorSettings').insertOne({ ...setting });
  for (const form of seed.formDefinitions) {
    const def: FormDefinition = { created: now, modified: now, ...form };
    await store.collection<Stored<FormDefinition>>('formDefinitions').insertOne({ ...def });
    if (def.status === 'Published') {
      const published: FormDefinition = { ...def, publishedAt: def.publishedAt ?? now };
      await store.collection<FormVersionDoc>('formVersions').insertOne({
        formId: def.id,
        clientId: def.clientId,
        formArea: def.formArea,
        version: def.version,
        definition: published,
      });
    }
  }
  for (const setup of seed.qrCodeSetups ?? []) await store.collection('qrCodeSetups').insertOne({ ...setup });
  for (const organisation of seed.organisations ?? [])
    await store.collection('organisations').insertOne({ ...organisation });
  for (const contact of seed.contacts ?? []) await store.collection('contacts').insertOne({ ...contact });
  if (seed.employees?.length) await store.collection('employees').insertMany(seed.employees.map((e) => ({ ...e })));
  for (const setup of seed.labelPreparationSetups ?? [])
    await store.collection('labelPreparationSetups').insertOne({ ...setup });
  for (const file of seed.files ?? []) {
    const key = fileKey(file.clientId, file.file);
    if ('svg' in file)
      await store.files.put(key, new Uint8Array(await sharp(Buffer.from(file.svg)).png().toBuffer()), 'image/png');
    else await store.files.put(key, onePagePdf(file.pdfText), 'application/pdf');
  }
  for (const value of seed.projectLookupValues ?? [])
    await store.collection('projectLookupValues').insertOne({ ...value });
  // A drawing's attachments carry the sizes of the files the loader has just made.
  for (const item of seed.drawingRegisterItems ?? []) {
    const attachments = [];
    for (const a of item.attachments) {
      const info = await store.files.info(
        fileKey(item.clientId, `projects/${item.projectId}/drawing-register/${item.id}/${a.fileName}`),
      );
      attachments.push({ ...a, size: info?.size ?? a.size });
    }
    await store.collection('drawingRegisterItems').insertOne({ ...item, attachments });
  }
  const maxId = (items: { id: number }[]) => items.reduce((m, i) => Math.max(m, i.id), 0);
  await raiseSequence(store, 'projectLookupValues', maxId(seed.projectLookupValues ?? []));
  await raiseSequence(store, 'drawingRegisterItems', maxId(seed.drawingRegisterItems ?? []));
  await raiseSequence(store, 'clients', maxId(seed.clients));
  await raiseSequence(store, 'users', maxId(seed.users));
  await raiseSequence(store, 'projects', maxId(seed.projects));
  await raiseSequence(store, 'lookupValues', maxId(seed.lookupValues));
  await raiseSequence(store, 'formDefinitions', maxId(seed.formDefinitions));
  await raiseSequence(store, 'codeGeneratorSettings', maxId(seed.codeGeneratorSettings ?? []));
  await raiseSequence(store, 'qrCodeSetups', maxId(seed.qrCodeSetups ?? []));
  await raiseSequence(store, 'labelPreparationSetups', maxId(seed.labelPreparationSetups ?? []));
  await raiseSequence(store, 'organisations', maxId(seed.organisations ?? []));
  await raiseSequence(store, 'contacts', maxId(seed.contacts ?? []));
  await raiseSequence(store, 'employees', maxId(seed.employees ?? []));
  const details = (seed.qrCodeSetups ?? []).flatMap((s) => [...s.qrCodeRoleDetails, ...s.qrCodeTypeDetails]);
  await raiseSequence(store, 'qrCodeDetails', maxId(details.map((d) => ({ id: d.id ?? 0 }))));
  await loadSubcontracting(store, seed.subcontracting);
  return true;
}
