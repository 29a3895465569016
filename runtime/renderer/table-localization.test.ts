import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { isMessageId, message } from '../../engine/messages/catalogue';
import { pagerItemAriaLabel, tableLocalization, tableMessageIds } from './table-localization';

describe('table localization', () => {
  it("maps every text of MRT's English localization to a catalogue message with the same English", () => {
    for (const [key, english] of Object.entries(MRT_Localization_EN)) {
      const id = tableMessageIds[key as keyof typeof tableMessageIds];
      expect(id, key).toBeDefined();
      expect(isMessageId(id), `${key} -> ${id}`).toBe(true);
      expect(message(id), key).toBe(english);
    }
  });

  it("gives MRT every key, with MRT's own placeholders left for MRT to fill", () => {
    const texts = tableLocalization();
    expect(Object.keys(texts).sort()).toEqual(Object.keys(MRT_Localization_EN).sort());
    expect(texts.filterByColumn).toBe('Filter by {column}');
    expect(texts.selectedCountOfRowCountRowsSelected).toBe('{selectedCount} of {rowCount} row(s) selected');
  });

  it('takes per-table overrides, e.g. the empty message of a register', () => {
    expect(tableLocalization({ noRecordsToDisplay: 'common.noRecords' }).noRecordsToDisplay).toBe('No records found');
  });

  it("labels the pager's buttons from the catalogue", () => {
    expect(pagerItemAriaLabel('first')).toBe(message('table.goToFirstPage'));
    expect(pagerItemAriaLabel('previous')).toBe(message('table.goToPreviousPage'));
    expect(pagerItemAriaLabel('next')).toBe(message('table.goToNextPage'));
    expect(pagerItemAriaLabel('last')).toBe(message('table.goToLastPage'));
  });
});
