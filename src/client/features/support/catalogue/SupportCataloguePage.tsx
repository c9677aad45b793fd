import { useState } from 'react';
import type { SupportCatalogueResponse } from '../../../../shared/api';
import { formatAud, formatGemCount } from '../../../../shared/money';
import { errorMessage } from '../../../wiring/serverApi';
import { Button, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { TableScroll } from '../components/supportTable';
import { catalogueTexts as t } from './catalogueTexts';
import { DraftEditor } from './DraftEditor';
import { ShopPreview } from './ShopPreview';
import { useCatalogueQuery, usePublishMutation, useRestoreMutation } from './supportCatalogueApi';

/** /support/catalogue: the version on sale, the draft and its preview, what publishing changes, Publish, and the versions published with Restore. */
export default consoleAreaPage(t.title, CatalogueDesk);

function CatalogueDesk() {
  const { data: view, error, isFetching } = useCatalogueQuery();
  const [dirty, setDirty] = useState(false);
  const [savedRevision, setSavedRevision] = useState<number | null>(null);
  return (
    <ConsoleArea heading={t.title} busy={isFetching} error={error}>
      {view && (
        <>
          <OnSale view={view} />
          <Panel>
            {/* A new revision (saved, restored or published here) starts the editor from the server's draft. */}
            <DraftEditor key={view.draft.revision} view={view} onDirty={setDirty} onSaved={() => setSavedRevision(view.draft.revision + 1)} />
          </Panel>
          <Publish view={view} dirty={dirty} justSaved={savedRevision === view.draft.revision} />
          <ShopPreview revision={view.draft.revision} />
          <History view={view} />
        </>
      )}
    </ConsoleArea>
  );
}

function OnSale({ view }: { view: SupportCatalogueResponse }) {
  const { dateTime } = useStoreTime();
  const { published } = view;
  return (
    <Panel aria-labelledby="catalogue-on-sale">
      <h2 id="catalogue-on-sale" data-testid="catalogue-version">
        {t.onSale(published.version)}
      </h2>
      <p>{published.publishedAt === null ? t.startingCatalogue : t.publishedBy(dateTime(published.publishedAt), published.publishedBy ?? '')}</p>
      <ul>
        {published.packs.map((pack) => (
          <li key={pack.id}>
            {pack.title}: {formatGemCount(pack.gemCount)} gems, {formatAud(pack.priceCents)}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Publish({ view, dirty, justSaved }: { view: SupportCatalogueResponse; dirty: boolean; justSaved: boolean }) {
  const [publish, publishing] = usePublishMutation();
  const [done, setDone] = useState<number | null>(null);
  const canPublish = !dirty && view.changes.length > 0 && !publishing.isLoading;
  return (
    <Panel aria-labelledby="catalogue-changes">
      <h2 id="catalogue-changes">{t.changesHeading}</h2>
      {justSaved && !dirty && <FormStatus takeFocus>{t.saved}</FormStatus>}
      {dirty && <p>{t.unsaved}</p>}
      {view.changes.length === 0 ? (
        <p>{t.noChanges}</p>
      ) : (
        <ul data-testid="catalogue-changes">
          {view.changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {publishing.isError && <FormError takeFocus>{errorMessage(publishing.error)}</FormError>}
      {done !== null && <FormStatus takeFocus>{t.published(done)}</FormStatus>}
      <Button
        type="button"
        disabled={!canPublish}
        onClick={() =>
          void publish({ version: view.published.version, revision: view.draft.revision }).then((answer) => {
            if ('data' in answer && answer.data) setDone(answer.data.published.version);
          })
        }
      >
        {t.publish(view.published.version + 1)}
      </Button>
    </Panel>
  );
}

function History({ view }: { view: SupportCatalogueResponse }) {
  const { dateTime } = useStoreTime();
  const [restore, restoring] = useRestoreMutation();
  const [restored, setRestored] = useState<number | null>(null);
  return (
    <Panel aria-labelledby="catalogue-history">
      <h2 id="catalogue-history">{t.historyHeading}</h2>
      {restoring.isError && <FormError takeFocus>{errorMessage(restoring.error)}</FormError>}
      {restored !== null && <FormStatus takeFocus>{t.restored(restored)}</FormStatus>}
      <TableScroll tabIndex={0} role="region" aria-label={t.historyTable}>
        <table data-testid="catalogue-history">
          <thead>
            <tr>
              {[t.version, t.when, t.who, t.changes, t.action].map((head) => (
                <th scope="col" key={head}>
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.history.map((entry) => (
              <tr key={entry.version} data-version={entry.version}>
                <td>{entry.version}</td>
                <td>{entry.publishedAt === null ? '—' : dateTime(entry.publishedAt)}</td>
                <td>{entry.publishedBy ?? '—'}</td>
                <td>
                  <ul>
                    {entry.changes.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  {entry.version === view.published.version ? (
                    t.current
                  ) : (
                    <SecondaryButton
                      type="button"
                      disabled={restoring.isLoading}
                      onClick={() =>
                        void restore({ version: entry.version, revision: view.draft.revision }).then((answer) => {
                          if ('data' in answer) setRestored(entry.version);
                        })
                      }
                    >
                      {t.restore(entry.version)}
                    </SecondaryButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Panel>
  );
}
