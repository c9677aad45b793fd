import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { PREVIEW_AT_PARAM, ROUTES } from '../../../../shared/routes';
import { storeTimeFormat } from '../../../../shared/storeTime';
import { wallTimeIn, wallTimeOf } from '../../../../shared/wallTime';
import { Panel } from '../../../components/Panel';
import { TextField } from '../../../components/form/TextField';
import { useAppConfig } from '../../../config/appConfig';
import { catalogueTexts as t } from './catalogueTexts';

/** The shop in a frame of a phone's or a laptop's width, the laptop's shown at half its size. */
const Frames = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: flex-start;
`;

/** Before the shop inside has been measured, a screen's height; below its last pack, this much of the page. */
const FIRST_HEIGHT = 760;
const PACKS_MARGIN = 40;

const Frame = styled.div<{ $width: number; $scale: number; $height: number }>`
  width: ${({ $width, $scale }) => $width * $scale}px;
  height: ${({ $height, $scale }) => $height * $scale}px;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};

  iframe {
    width: ${({ $width }) => $width}px;
    height: ${({ $height }) => $height}px;
    border: 0;
    transform: scale(${({ $scale }) => $scale});
    transform-origin: top left;
  }
`;

const PREVIEW_WIDTHS = [
  { width: 375, scale: 1 },
  { width: 1280, scale: 0.5 },
] as const;

/**
 * One frame: the store itself at that width (the shop shows the saved draft to staff, ?preview=draft), as tall as the
 * shop inside it, so every pack shows without scrolling a frame nobody can reach. A picture of the shop, not a second
 * store to use: out of the keyboard's way and the screen reader's, whose words for the draft are the change lines.
 */
function PreviewFrame({ width, scale, at }: { width: number; scale: number; at: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const page = loaded ? frame.current?.contentDocument?.documentElement : null;
    if (!page) return undefined;
    // The same origin: the shop is measured as it renders, its packs arriving after its first paint. Down to its last
    // pack, not the page's height, which grows with the frame's (the page fills its window).
    const lastPackBottom = () => Math.max(0, ...[...page.querySelectorAll('main article')].map((pack) => pack.getBoundingClientRect().bottom));
    const observer = new ResizeObserver(() => setHeight(Math.max(FIRST_HEIGHT, Math.ceil(lastPackBottom()) + PACKS_MARGIN)));
    observer.observe(page);
    return () => observer.disconnect();
  }, [loaded]);
  return (
    <Frame $width={width} $scale={scale} $height={height} inert aria-hidden="true">
      <iframe ref={frame} title={t.previewFrame(width)} src={`${ROUTES.shop}?preview=draft&${PREVIEW_AT_PARAM}=${at}`} loading="lazy" onLoad={() => setLoaded(true)} />
    </Frame>
  );
}

/**
 * The saved draft as players will see it at a moment (now, or one staff set in the store's zone: a pack scheduled for
 * later is not on that shelf), at a phone's width and a laptop's; drawn again for each new revision and moment.
 */
export function ShopPreview({ revision }: { revision: number }) {
  const { timeZone } = useAppConfig();
  const [wallTime, setWallTime] = useState(() => wallTimeOf(timeZone, Date.now()));
  const [at, setAt] = useState(() => wallTimeIn(timeZone, wallTime));
  const typed = wallTimeIn(timeZone, wallTime);
  const error = Number.isNaN(typed) ? t.previewAtInvalid : undefined;
  return (
    <Panel aria-labelledby="catalogue-preview">
      <h2 id="catalogue-preview">{t.previewHeading}</h2>
      <p>{t.previewHint}</p>
      <TextField
        name="previewAt"
        type="datetime-local"
        label={t.previewAtLabel(timeZone)}
        value={wallTime}
        error={error}
        onChange={(event) => {
          setWallTime(event.target.value);
          const moment = wallTimeIn(timeZone, event.target.value);
          if (!Number.isNaN(moment)) setAt(moment);
        }}
      />
      <p role="status" data-testid="preview-moment">
        {t.previewShownAt(storeTimeFormat(timeZone).dateTime(at))}
      </p>
      <Frames>
        {PREVIEW_WIDTHS.map(({ width, scale }) => (
          <PreviewFrame key={`${width}-${revision}-${at}`} width={width} scale={scale} at={at} />
        ))}
      </Frames>
    </Panel>
  );
}
