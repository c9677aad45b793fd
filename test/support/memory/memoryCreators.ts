import type { Creator, CreatorAuditEntry } from '../../../src/shared/creators';
import type { CreatorsRepository } from '../../../src/server/creators/creatorsRepository';

/** The creators' codes in memory, as src/server/creators/creatorsRepository.ts keeps them. */
export function memoryCreators(): CreatorsRepository & { audits: CreatorAuditEntry[] } {
  const creators = new Map<string, Creator>();
  const audits: CreatorAuditEntry[] = [];
  return {
    audits,
    find: async (code) => creators.get(code) ?? null,
    list: async () => [...creators.values()].sort((a, b) => a.code.localeCompare(b.code)),
    async save(before, after, at) {
      creators.set(after.code, after);
      audits.unshift({ at, by: after.updatedBy, before, after });
    },
    audit: async () => audits,
  };
}
