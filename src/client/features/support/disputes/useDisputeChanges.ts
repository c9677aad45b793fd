import { useState } from 'react';
import type { DisputeStage, RecordDisputeRequest } from '../../../../shared/disputes/dispute';
import { errorMessage } from '../../../wiring/serverApi';
import { disputesTexts } from './disputesTexts';
import { useMoveDisputeMutation, useRecordDisputeMutation, type DisputeMoveName } from './supportDisputesApi';

/**
 * The disputes desk's changes (a move of the dispute shown, a dispute recorded by hand) and what the last one came to,
 * in words for the screen reader and the eye, while the dispute it is about is the one shown (`shown`, null for none).
 * Each button is busy while a change is under way.
 */
export function useDisputeChanges(shown: string | null) {
  const [moveDispute, moved] = useMoveDisputeMutation();
  const [recordDispute, recorded] = useRecordDisputeMutation();
  const [last, setLast] = useState<'move' | 'record' | null>(null);
  // The dispute the last change's words are about: the one moved, or the one recorded (once it is).
  const [about, setAbout] = useState<string | null>(null);
  const latest = last === 'move' ? moved : last === 'record' ? recorded : null;
  const done =
    last === 'move' && moved.data && moved.originalArgs
      ? disputesTexts.moved[moved.originalArgs.move](moved.originalArgs.orderId)
      : last === 'record' && recorded.data && recorded.originalArgs
        ? disputesTexts.recorded(recorded.originalArgs.orderId, recorded.originalArgs.request.stage as DisputeStage)
        : null;
  const current = about === shown;
  return {
    busy: moved.isLoading || recorded.isLoading,
    done: current ? done : null,
    error: current ? errorMessage(latest?.error) : null,
    move: (orderId: string, move: DisputeMoveName) => {
      setLast('move');
      setAbout(orderId);
      void moveDispute({ orderId, move });
    },
    /** Resolves with whether the dispute was recorded (its words are then about it; the page opens it). */
    record: async (orderId: string, request: RecordDisputeRequest) => {
      setLast('record');
      setAbout(shown);
      const recordedNow = !('error' in (await recordDispute({ orderId, request })));
      if (recordedNow) setAbout(orderId);
      return recordedNow;
    },
  };
}

export type DisputeChanges = ReturnType<typeof useDisputeChanges>;
