import { describe, expect, it } from 'vitest';
import {
  composeDownloadName,
  DEFAULT_DOWNLOAD_NAME_FORMAT,
  DOWNLOAD_NAME_PARTS,
  type DownloadNameContext,
  DownloadNameFormatError,
  MAX_NAME_BYTES,
  MAX_NAME_CHARACTERS,
  parseDownloadNameFormat,
  safeFileName,
  serialiseDownloadNameFormat,
  uniqueFileName,
} from './download-name';

const allAsked = {
  askStructureReference: true,
  askLevel: true,
  askElevation: true,
  askCores: true,
  askElement: true,
  askPackage: true,
  askClient: true,
  askProjectName: true,
  askProjectAddress: true,
};

const entryContext: DownloadNameContext = {
  form: { title: 'Site Safety Inspection', ...allAsked },
  entry: {
    entryNumber: 12,
    date: '2026-03-04T23:30:00Z',
    enteredBy: 'Una User',
    client: 'Corrib at entry',
    projectName: 'Entry project',
    projectAddress: 'Dock Road, Galway',
    levels: ['L1', 'L2'],
    elements: ['Slab'],
    packages: ['Groundworks'],
    elevations: ['North'],
    cores: ['Core A'],
    structureReferences: ['SR-7'],
  },
  project: { name: 'Harbour Offices', code: 'CCE-2401', address: '1 Quay St', organizationName: 'Harbour Ltd' },
  clientName: 'Corrib Construction',
  now: new Date('2026-05-06T10:00:00Z'),
  timeZone: 'UTC',
};

function name(format: string, context: DownloadNameContext = entryContext): string {
  return composeDownloadName(parseDownloadNameFormat(format), context);
}

describe('parseDownloadNameFormat', () => {
  it('gives the default format when there is no setting: form title, space, entry number, " - ", created date', () => {
    expect(parseDownloadNameFormat(undefined)).toEqual([
      { type: 'setup', name: 'formTitle' },
      { type: 'text', text: ' ' },
      { type: 'setup', name: 'entryNumber' },
      { type: 'text', text: ' - ' },
      { type: 'datefield', name: 'created' },
    ]);
    expect(composeDownloadName(parseDownloadNameFormat(undefined), entryContext)).toBe(
      'Site Safety Inspection 12 - 2026-03-04',
    );
  });

  it('keeps a text part whole after its first colon, colons and spaces included', () => {
    expect(parseDownloadNameFormat('text: a:b |setup:formTitle')).toEqual([
      { type: 'text', text: ' a:b ' },
      { type: 'setup', name: 'formTitle' },
    ]);
  });

  it.each([
    ['', 'exportNames.formatEmpty'],
    ['setup:nope', 'exportNames.unknownPart'],
    ['colour:red', 'exportNames.unknownPart'],
    ['setup:formTitle|', 'exportNames.unknownPart'],
    ['formTitle', 'exportNames.unknownPart'],
    ['field:formTitle', 'exportNames.unknownPart'],
    [`text:${'x'.repeat(101)}`, 'exportNames.textTooLong'],
    [Array.from({ length: 21 }, () => 'setup:formTitle').join('|'), 'exportNames.tooManyParts'],
    [`text:${'x'.repeat(1000)}`, 'exportNames.formatTooLong'],
  ])('refuses %j with %s', (format, messageId) => {
    expect(() => parseDownloadNameFormat(format)).toThrow(DownloadNameFormatError);
    try {
      parseDownloadNameFormat(format);
    } catch (error) {
      expect((error as DownloadNameFormatError).messageId).toBe(messageId);
    }
  });

  it('round-trips parse -> serialise for the default, every part and custom texts', () => {
    const every = [...DOWNLOAD_NAME_PARTS.map((p) => `${p.type}:${p.name}`), 'text:', 'text: - ', 'text:a:b'].join('|');
    for (const format of [DEFAULT_DOWNLOAD_NAME_FORMAT, every.split('|').slice(0, 20).join('|'), 'text:only']) {
      expect(serialiseDownloadNameFormat(parseDownloadNameFormat(format))).toBe(format);
    }
  });

  it('refuses to serialise a text holding the part separator', () => {
    expect(() => serialiseDownloadNameFormat([{ type: 'text', text: 'a|b' }])).toThrow(DownloadNameFormatError);
  });
});

describe('composeDownloadName', () => {
  it.each([
    ['setup:formTitle', 'Site Safety Inspection'],
    ['datefield:created', '2026-03-04'],
    ['setup:entryNumber', '12'],
    ['project:name', 'Harbour Offices'],
    ['project:code', 'CCE-2401'],
    ['project:organisation', 'Harbour Ltd'],
    ['client:name', 'Corrib Construction'],
    ['field:cores', 'Core A'],
    ['field:elements', 'Slab'],
    ['field:elevations', 'North'],
    ['field:enteredBy', 'Una User'],
    ['field:levels', 'L1, L2'],
    ['field:packages', 'Groundworks'],
    ['field:structureReferences', 'SR-7'],
    ['field:client', 'Corrib at entry'],
    ['field:projectName', 'Entry project'],
    ['field:projectAddress', 'Dock Road, Galway'],
  ])('part %s of an entry is %j', (format, expected) => {
    expect(name(format)).toBe(expected);
  });

  it('takes the created date in the time zone given', () => {
    expect(name('datefield:created', { ...entryContext, timeZone: 'Asia/Tokyo' })).toBe('2026-03-05');
  });

  it('leaves out the header parts the form does not ask for (and Progress, which no form asks for yet)', () => {
    const notAsked = { ...entryContext, form: { title: 'Pour Check' } };
    const format = DOWNLOAD_NAME_PARTS.filter((p) => p.type === 'field' && p.name !== 'enteredBy')
      .map((p) => `${p.type}:${p.name}`)
      .join('|');
    expect(name(`setup:formTitle|text:~|${format}|text:~`, notAsked)).toBe('Pour Check~~');
    expect(name('text:x|field:progress|text:y', entryContext)).toBe('xy');
    // Each asked part alone is there when its flag is on.
    for (const spec of DOWNLOAD_NAME_PARTS.filter((p) => p.ask)) {
      const asked = { ...entryContext, form: { title: 'T', [spec.ask as string]: true } };
      expect(name(`${spec.type}:${spec.name}`, asked)).not.toBe('T');
      expect(name(`${spec.type}:${spec.name}`, notAsked)).toBe('Pour Check');
    }
  });

  it('gives a register download the download date for Created and leaves the entry parts out, tidied', () => {
    const register = { ...entryContext, entry: undefined };
    expect(name(DEFAULT_DOWNLOAD_NAME_FORMAT, register)).toBe('Site Safety Inspection - 2026-05-06');
    expect(name('project:code|text: - |setup:entryNumber|text: - |field:levels', register)).toBe('CCE-2401');
    expect(name('setup:entryNumber|text: - |project:code', register)).toBe('CCE-2401');
  });

  it('falls back to the form title when every part is empty', () => {
    expect(name('field:enteredBy', { ...entryContext, entry: undefined })).toBe('Site Safety Inspection');
  });

  it("replaces '/', '\\\\', ':' and control characters a part would produce", () => {
    const context = { ...entryContext, project: { ...entryContext.project, code: 'A/B\\C:D\u0007E\nF' } };
    expect(name('project:code|text: Register', context)).toBe('A_B_C_D_E_F Register');
  });
});

describe('safeFileName', () => {
  it.each([
    ['QA/QC: "Slab" <L2>?*|', 'QA_QC_ _Slab_ _L2____'],
    ['back\\slash', 'back_slash'],
    ['tab\there\u0000nul\u007fdel\u0085c1', 'tab_here_nul_del_c1'],
    ['  trailing dots...  ', 'trailing dots'],
    ['.hidden', 'hidden'],
    ['CON', '_CON'],
    ['con.txt', '_con.txt'],
    ['Nul', '_Nul'],
    ['COM1', '_COM1'],
    ['lpt9', '_LPT9'.replace('LPT', 'lpt')],
    ['CONSOLE', 'CONSOLE'],
    ['COM10', 'COM10'],
    ['', '_'],
    ['...', '_'],
    ['Cafe\u0301', 'Café'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('caps the length in characters and UTF-8 bytes without splitting a character or grapheme', () => {
    expect(safeFileName('a'.repeat(400))).toHaveLength(MAX_NAME_CHARACTERS);
    const emoji = safeFileName('👷🏽‍♀️'.repeat(100));
    expect(new TextEncoder().encode(emoji).length).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(emoji.length % '👷🏽‍♀️'.length).toBe(0);
    const accented = safeFileName('é'.repeat(300));
    expect(new TextEncoder().encode(accented).length).toBe(MAX_NAME_BYTES);
  });

  it('never gives a name holding a character or form some system refuses (every code point below 0x250)', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not remain
    const refused = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/;
    for (let start = 0; start < 0x250; start += 7) {
      const input = Array.from({ length: 7 }, (_, i) => String.fromCodePoint(start + i)).join('');
      for (const candidate of [input, ` ${input}.`, `.${input} `, `CON${input}`]) {
        const out = safeFileName(candidate);
        expect(out).not.toMatch(refused);
        expect(out).not.toMatch(/^[\s.]|[\s.]$/);
        expect(out).not.toMatch(/^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\.|$)/i);
        expect(out.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('uniqueFileName', () => {
  it('numbers the names a zip would hold twice, ignoring case', () => {
    const taken = new Set<string>();
    expect(uniqueFileName('Site Safety Inspection', '.pdf', taken)).toBe('Site Safety Inspection.pdf');
    expect(uniqueFileName('site safety inspection', '.pdf', taken)).toBe('site safety inspection (2).pdf');
    expect(uniqueFileName('Site Safety Inspection', '.pdf', taken)).toBe('Site Safety Inspection (3).pdf');
    expect(uniqueFileName('Site Safety Inspection', '.csv', taken)).toBe('Site Safety Inspection.csv');
  });
});
