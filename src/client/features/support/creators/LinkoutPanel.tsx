import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../wiring/serverApi';
import { useLinkoutQuery, useSaveLinkoutMutation } from './supportCreatorsApi';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { Panel } from '../../../components/Panel';
import { Button } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';

const t = {
  heading: 'Buy on the web links from the game',
  intro: 'The app-store storefronts where the game may show a “buy on the web” link, by platform (country codes, comma-separated). The game asks before it shows one; a change is in force everywhere within a minute, and audited.',
  ios: 'iOS App Store storefronts',
  android: 'Google Play storefronts',
  save: 'Save the storefronts',
  saved: 'Saved: in force within a minute.',
  last: (by: string, when: string) => `Last changed by ${by}${when ? `, ${when}` : ''}.`,
} as const;

const listOf = (text: string) => [...new Set(text.split(/[\s,]+/).map((code) => code.trim().toUpperCase()).filter(Boolean))];

/** The link-out switch, as staff set it (GET /api/linkout/allowed answers from it). */
export function LinkoutPanel() {
  const { data } = useLinkoutQuery();
  const [save, saving] = useSaveLinkoutMutation();
  const { dateTime } = useStoreTime();
  const [edited, setEdited] = useState<{ ios: string; android: string } | null>(null);
  if (!data) return null;
  const shown = edited ?? { ios: data.setting.allowed.ios.join(', '), android: data.setting.allowed.android.join(', ') };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ ios: listOf(shown.ios), android: listOf(shown.android) }).then(() => setEdited(null));
  };
  return (
    <Panel aria-labelledby="linkout-heading">
      <h2 id="linkout-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      <p>{t.last(data.setting.updatedBy, data.setting.updatedAt ? dateTime(data.setting.updatedAt) : '')}</p>
      <form onSubmit={submit}>
        <FieldGrid>
          <TextField name="linkout-ios" label={t.ios} value={shown.ios} onChange={(event) => setEdited({ ...shown, ios: event.target.value })} />
          <TextField name="linkout-android" label={t.android} value={shown.android} onChange={(event) => setEdited({ ...shown, android: event.target.value })} />
        </FieldGrid>
        <Button type="submit" disabled={saving.isLoading}>
          {t.save}
        </Button>
        {saving.isSuccess && !edited && <FormStatus takeFocus>{t.saved}</FormStatus>}
        {saving.error && <FormError takeFocus>{errorMessage(saving.error)}</FormError>}
      </form>
    </Panel>
  );
}
