import { STARTING_PACKS } from '../../shared/startingCatalogue';
import { catalogueDraftSchema, formOfPack, type PackForm } from '../../shared/validation/catalogue';
import { changesBetween, draftOf, planDraftSave, planPublish, planRestore, STARTING_RECORD } from './catalogueRules';

const ZONE = 'Australia/Sydney';
const forms = (): PackForm[] => STARTING_PACKS.map((pack) => formOfPack(pack, ZONE));
const draft = draftOf(STARTING_RECORD);

describe('the catalogue’s draft and publish', () => {
  it('saves a draft edited from its revision, giving a new pack the next id the catalogue never gave', () => {
    const packs = [...forms(), { ...forms()[0]!, id: null, title: 'Weekend Hoard' }];
    const saved = planDraftSave(draft, STARTING_RECORD, { revision: 0, packs }, 'staff@example', 5, ZONE);
    expect(saved).toMatchObject({ draft: { revision: 1, highestPackId: 7, updatedBy: 'staff@example', updatedAt: 5 } });
    expect('draft' in saved && saved.draft.packs.map((pack) => pack.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // A retired pack's id is never given again: the highest stays, and the next new pack is 8.
    const retired = planDraftSave({ ...draft, highestPackId: 7 }, STARTING_RECORD, { revision: 0, packs: [{ ...forms()[0]!, id: null }] }, 's', 6, ZONE);
    expect('draft' in retired && retired.draft.packs.map((pack) => pack.id)).toEqual([8]);
  });

  it('refuses a draft saved from an older revision, and an id the catalogue never gave', () => {
    expect(planDraftSave({ ...draft, revision: 2 }, STARTING_RECORD, { revision: 1, packs: forms() }, 's', 1, ZONE)).toEqual({ refused: 'staleDraft' });
    expect(planDraftSave(draft, STARTING_RECORD, { revision: 0, packs: [{ ...forms()[0]!, id: 40 }] }, 's', 1, ZONE)).toEqual({ refused: 'unknownPackId' });
  });

  it('publishes the draft as the next version with what it changed, only as the staff member saw both, and only with a change', () => {
    const packs = STARTING_PACKS.map((pack) => (pack.id === 3 ? { ...pack, priceCents: 3999 } : pack));
    const edited = { ...draft, revision: 1, packs };
    expect(planPublish(STARTING_RECORD, edited, { version: 1, revision: 1 }, 'staff@example', 9, ZONE)).toEqual({
      published: { version: 2, packs, highestPackId: 6, publishedAt: 9, publishedBy: 'staff@example', changes: ['Pouch of Gem: price A$45.99 → A$39.99'] },
    });
    expect(planPublish({ ...STARTING_RECORD, version: 2 }, edited, { version: 1, revision: 1 }, 's', 9, ZONE)).toEqual({ refused: 'staleVersion' });
    expect(planPublish(STARTING_RECORD, edited, { version: 1, revision: 0 }, 's', 9, ZONE)).toEqual({ refused: 'staleDraft' });
    expect(planPublish(STARTING_RECORD, draft, { version: 1, revision: 0 }, 's', 9, ZONE)).toEqual({ refused: 'noChanges' });
  });

  it('restores a version’s packs into the draft, from the draft’s revision', () => {
    const restored = planRestore({ ...draft, revision: 3, packs: [] }, STARTING_RECORD, 3, 's', 4);
    expect(restored).toMatchObject({ draft: { revision: 4, packs: STARTING_PACKS } });
    expect(planRestore({ ...draft, revision: 3 }, STARTING_RECORD, 2, 's', 4)).toEqual({ refused: 'staleDraft' });
  });

  it('says each change in a line: added, retired, each field changed, and a new shelf order', () => {
    const [tiny, fistful, ...rest] = STARTING_PACKS;
    const weekend = { ...tiny!, id: 7, title: 'Weekend Hoard', gemCount: 12_000, priceCents: 9999, badge: 'Weekend only', startsAt: Date.parse('2026-12-04T13:00:00Z') };
    const after = [{ ...fistful!, title: 'Handful of Gem', limit: { count: 3, per: 'month' as const } }, ...rest, weekend];
    expect(changesBetween(STARTING_PACKS, after, ZONE)).toEqual([
      'Fistful of Gem: title Fistful of Gem → Handful of Gem',
      'Fistful of Gem: limit none → 3 times a month per player',
      'Added Weekend Hoard: 12,000 gems for A$99.99; picture tiny; badge Weekend only; start 5 Dec 2026, 12:00 am AEDT',
      'Retired Tiny of Gem',
    ]);
    // Every field of a pack kept, schedule times in words in the store's zone.
    const moved = { ...fistful!, image: 'pouch' as const, badge: 'Hot', priceCents: 2299, startsAt: Date.parse('2026-11-29T01:06:00Z'), endsAt: Date.parse('2026-12-01T13:00:00Z') };
    expect(changesBetween([fistful!], [moved], ZONE)).toEqual([
      'Fistful of Gem: price A$25.99 → A$22.99',
      'Fistful of Gem: picture fistful → pouch',
      'Fistful of Gem: badge none → Hot',
      'Fistful of Gem: start always on → 29 Nov 2026, 12:06 pm AEDT',
      'Fistful of Gem: end no end → 2 Dec 2026, 12:00 am AEDT',
    ]);
    expect(changesBetween(STARTING_PACKS, [fistful!, tiny!, ...rest], ZONE)).toEqual([
      'New shelf order: Fistful of Gem, Tiny of Gem, Pouch of Gem, Box of Gem, Cheast of Gem, Vault of Gem',
    ]);
  });
});

describe('what staff may set a pack to', () => {
  const schema = catalogueDraftSchema(ZONE);
  const withPack = (change: Partial<PackForm>) => schema.safeParse({ revision: 0, packs: [{ ...forms()[2]!, ...change }] });
  const errorOf = (change: Partial<PackForm>) => {
    const checked = withPack(change);
    return checked.success ? null : checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)[0];
  };

  it('takes the spec’s packs as they are, and a price in dollars and whole cents', () => {
    expect(schema.safeParse({ revision: 0, packs: forms() }).success).toBe(true);
    for (const price of ['39.99', '40', '40.5', 'A$39.99', '1000.00', '0.01']) expect([price, errorOf({ price })]).toEqual([price, null]);
  });

  it('refuses a price of 0 or less, over A$1,000, or not in whole cents; gems of 0 or over 1,000,000; a title empty or over 60 characters', () => {
    for (const price of ['0', '0.00', '-5', '1000.01', '45.999', '4,599', '']) expect(errorOf({ price })).toMatch(/^packs\.0\.price: The price is in A\$/);
    for (const gems of ['0', '1000001', '1.5', '-3', '']) expect(errorOf({ gems })).toMatch(/^packs\.0\.gems: Gems are a whole number/);
    expect(errorOf({ title: ' ' })).toMatch(/^packs\.0\.title: Give the pack a title/);
    expect(errorOf({ title: 'x'.repeat(61) })).toMatch(/^packs\.0\.title: Keep the title to 60/);
    expect(errorOf({ image: 'dragon' })).toMatch(/^packs\.0\.image:/);
    expect(errorOf({ limitCount: '0' })).toMatch(/^packs\.0\.limitCount:/);
    // A right-to-left override (or any bidirectional control) would make the shelf read other than it says.
    expect(errorOf({ title: 'Pouch \u202Emeg fo' })).toBe('packs.0.title: The title must be plain text, without characters that reorder the text around them.');
    expect(errorOf({ badge: 'Best \u2067value\u2069' })).toBe('packs.0.badge: The badge must be plain text, without characters that reorder the text around them.');
  });

  it('refuses an end before its start, and a time the clocks skip in the store’s zone', () => {
    expect(errorOf({ startsAt: '2026-12-05T10:00', endsAt: '2026-12-05T09:00' })).toBe('packs.0.endsAt: The end must come after the start.');
    expect(errorOf({ startsAt: '2026-10-04T02:30' })).toMatch(/^packs\.0\.startsAt: That time does not happen in Australia\/Sydney/);
    expect(errorOf({ startsAt: '2026-04-05T02:30' })).toBe('packs.0.startsAt: That time happens twice in Australia/Sydney: the clocks go back an hour then. Say which one you mean.');
    expect(errorOf({ startsAt: '2026-04-05T02:30+10:00' })).toBeNull();
    expect(errorOf({ startsAt: '2026-12-05T10:00', endsAt: '2026-12-07T00:00' })).toBeNull();
  });
});
