import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { ServerMessage } from '../../lib/realtime/client';
import { useLiveEvents, useLiveRefresh } from '../../lib/realtime/live-events';
import { useRemoteData } from '../../lib/use-remote-data';
import {
  dispensePrescription,
  listPendingPrescriptions,
  prescriptionFromMessage,
  type PendingPrescription,
} from './api/prescriptions';

/** product-spec-2 §9: prescriptions 10 a page; the list is refetched 1 s after a dispensation; toasts last 5 s. */
export const PRESCRIPTIONS_PAGE_SIZE = 10;
export const REFETCH_AFTER_DISPENSE_MS = 1000;
export const NEW_PRESCRIPTION_TOAST_MS = 5000;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The bell already toasts a NEW_PRESCRIPTION (6 s, product-spec-1 §9); on this screen it is the
 * info toast of 5 s of product-spec-2 §4 instead, and never two toasts for one prescription.
 */
function announce(message: ServerMessage) {
  const id = text(message.data.notificationId) || undefined;
  const words = text(message.data.message) || 'New prescription received';
  if (id && toast.isActive(id)) toast.update(id, { type: 'info', autoClose: NEW_PRESCRIPTION_TOAST_MS });
  else toast.info(words, { autoClose: NEW_PRESCRIPTION_TOAST_MS, toastId: id });
}

/**
 * The pharmacist's queue (product-spec-2 §4): a page of pending prescriptions, with the ones that
 * arrived live on top. Dispensing removes the card at once and refetches 1 s after the answer; a
 * refusal (409 short stock) puts the card back and keeps the server's message.
 */
export function usePrescriptionQueue() {
  const [page, setPage] = useState(1);
  const list = useRemoteData(
    (signal) => listPendingPrescriptions({ page, limit: PRESCRIPTIONS_PAGE_SIZE }, signal),
    `pending-${page}`,
  );
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [arrived, setArrived] = useState<PendingPrescription[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const hide = (id: string, hidden: boolean) =>
    setRemoved((current) => {
      const next = new Set(current);
      if (hidden) next.add(id);
      else next.delete(id);
      return next;
    });

  async function dispense(prescription: PendingPrescription) {
    setFailure(null);
    hide(prescription.id, true);
    try {
      toast.success(await dispensePrescription(prescription.consultationId));
      setArrived((current) => current.filter((p) => p.id !== prescription.id));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        list.refresh();
      }, REFETCH_AFTER_DISPENSE_MS);
      timers.current.add(timer);
    } catch (e) {
      hide(prescription.id, false);
      setFailure(e instanceof Error ? e.message : 'Failed to dispense medication');
    }
  }

  useLiveEvents(['NEW_PRESCRIPTION'], (message) => {
    // The count (and, without a readable prescription, the card) comes from the server's list.
    list.refresh();
    const prescription = prescriptionFromMessage(message.data);
    if (!prescription) return;
    setArrived((current) => (current.some((p) => p.id === prescription.id) ? current : [prescription, ...current]));
    announce(message);
  });
  // Someone else's dispensation, or a reconnection after missed messages: the server's list is the truth.
  useLiveEvents(['PRESCRIPTION_DISPENSED'], (message) => {
    const id = text(message.data.consultationId);
    setArrived((current) => current.filter((p) => p.id !== id));
  });
  useLiveRefresh(['PRESCRIPTION_DISPENSED'], list.refresh);

  const fetched = list.data?.data ?? [];
  const top = new Set(arrived.map((p) => p.id));
  const cards = [...arrived, ...fetched.filter((p) => !top.has(p.id))].filter((p) => !removed.has(p.id));

  // The last card of a later page dispensed: show the page before.
  const emptiedPage = list.status === 'success' && fetched.length === 0 && page > 1;
  useEffect(() => {
    if (emptiedPage) setPage((p) => p - 1);
  }, [emptiedPage]);

  return { list, cards, page, setPage, dispense, failure, clearFailure: () => setFailure(null) };
}
