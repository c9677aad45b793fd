import { useMemo, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import type { SupportCatalogueResponse } from '../../../../shared/api';
import { BUILT_IN_ART, UPLOADED_ART_PATTERN } from '../../../../shared/catalogue';
import { catalogueDraftSchema, PACK_LIMITS, type PackForm } from '../../../../shared/validation/catalogue';
import { errorMessage } from '../../../wiring/serverApi';
import { Button, SecondaryButton } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { SelectField, TextField } from '../../../components/form/TextField';
import { ScheduleField } from '../../../components/form/ScheduleField';
import { toApiError } from '../../../lib/apiClient';
import { BUILT_IN_ART_NAMES, catalogueTexts as t } from './catalogueTexts';
import { uploadPackImage, useSaveDraftMutation } from './supportCatalogueApi';

const PackSet = styled.fieldset`
  margin: 0 0 18px;
  padding: 14px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};

  legend {
    padding: 0 6px;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.goldBright};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 12px;
`;

const NEW_PACK: PackForm = { id: null, title: '', gems: '', price: '', image: 'tiny', badge: '', startsAt: '', endsAt: '', limitCount: '', limitPer: 'ever' };

type FieldName = Exclude<keyof PackForm, 'id'>;

/** The draft's packs as staff edit them, checked by the rules the API applies (shared/validation/catalogue) before they are saved. */
export function DraftEditor({ view, onDirty, onSaved }: { view: SupportCatalogueResponse; onDirty: (dirty: boolean) => void; onSaved: () => void }) {
  const [packs, setPacks] = useState<PackForm[]>(view.draft.packs);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploadError, setUploadError] = useState<{ index: number; message: string } | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [save, saving] = useSaveDraftMutation();
  const schema = useMemo(() => catalogueDraftSchema(view.timeZone), [view.timeZone]);

  const change = (next: PackForm[]) => {
    setPacks(next);
    onDirty(true);
  };
  const set = (index: number, field: FieldName, value: string) => change(packs.map((pack, at) => (at === index ? { ...pack, [field]: value } : pack)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...packs];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    change(next);
  };

  const submit = async () => {
    const checked = schema.safeParse({ revision: view.draft.revision, packs });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    const answer = await save({ revision: view.draft.revision, packs });
    // The saved draft replaces this editor (its new packs have their ids now): the console says it was saved.
    if (!('error' in answer)) {
      onDirty(false);
      onSaved();
    }
  };

  const upload = async (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploadError(null);
    setUploaded(null);
    try {
      const { image } = await uploadPackImage(file);
      set(index, 'image', image);
      setUploaded(index);
    } catch (error) {
      setUploadError({ index, message: toApiError(error).message });
    }
  };

  const field = (index: number, name: FieldName) => ({
    name: `packs.${index}.${name}`,
    value: packs[index]![name],
    error: errors[`packs.${index}.${name}`],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement> | { target: { value: string } }) => set(index, name, event.target.value),
  });
  const errorCount = Object.keys(errors).length;

  return (
    <form
      noValidate
      aria-labelledby="catalogue-draft-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="catalogue-draft-heading">{t.draftHeading}</h2>
      <p>{t.draftHint(view.timeZone)}</p>
      {packs.map((pack, index) => (
        <PackSet key={pack.id ?? `new-${index}`} data-pack-id={pack.id ?? 'new'}>
          <legend>{t.packLegend(index + 1, pack.title)}</legend>
          <FieldGrid>
            <TextField {...field(index, 'title')} label={t.fields.title} maxLength={PACK_LIMITS.titleMax} required />
            <TextField {...field(index, 'gems')} label={t.fields.gems} inputMode="numeric" required />
            <TextField {...field(index, 'price')} label={t.fields.price} inputMode="decimal" required />
            <SelectField {...field(index, 'image')} label={t.fields.image}>
              {BUILT_IN_ART.map((art) => (
                <option key={art} value={art}>
                  {BUILT_IN_ART_NAMES[art]}
                </option>
              ))}
              {UPLOADED_ART_PATTERN.test(pack.image) && <option value={pack.image}>{t.uploadedImage}</option>}
            </SelectField>
            <TextField
              name={`packs.${index}.upload`}
              label={t.fields.upload}
              type="file"
              accept="image/png,image/webp,image/jpeg"
              error={uploadError?.index === index ? uploadError.message : undefined}
              onChange={(event) => void upload(index, event)}
            />
            <TextField {...field(index, 'badge')} label={t.fields.badge} maxLength={PACK_LIMITS.badgeMax} />
            <ScheduleField {...field(index, 'startsAt')} label={t.fields.startsAt} timeZone={view.timeZone} />
            <ScheduleField {...field(index, 'endsAt')} label={t.fields.endsAt} timeZone={view.timeZone} />
            <TextField {...field(index, 'limitCount')} label={t.fields.limitCount} inputMode="numeric" />
            <SelectField {...field(index, 'limitPer')} label={t.fields.limitPer}>
              <option value="ever">{t.limitPer.ever}</option>
              <option value="month">{t.limitPer.month}</option>
            </SelectField>
          </FieldGrid>
          {uploaded === index && <FormStatus>{t.uploaded}</FormStatus>}
          <Row>
            <SecondaryButton type="button" disabled={index === 0} onClick={() => move(index, -1)}>
              {t.moveUp(pack.title)}
            </SecondaryButton>
            <SecondaryButton type="button" disabled={index === packs.length - 1} onClick={() => move(index, 1)}>
              {t.moveDown(pack.title)}
            </SecondaryButton>
            <SecondaryButton type="button" disabled={packs.length === 1} onClick={() => change(packs.filter((_pack, at) => at !== index))}>
              {t.retire(pack.title)}
            </SecondaryButton>
          </Row>
        </PackSet>
      ))}
      {errorCount > 0 && <FormError takeFocus>{t.fixFields(errorCount)}</FormError>}
      {errors.packs && <FormError>{errors.packs}</FormError>}
      {saving.isError && <FormError takeFocus>{errorMessage(saving.error)}</FormError>}
      <Row>
        <SecondaryButton type="button" disabled={packs.length >= PACK_LIMITS.packsMax} onClick={() => change([...packs, NEW_PACK])}>
          {t.addPack}
        </SecondaryButton>
        <Button type="submit" disabled={saving.isLoading}>
          {t.save}
        </Button>
      </Row>
    </form>
  );
}
