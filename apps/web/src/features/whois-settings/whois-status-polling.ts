import { useEffect, useRef } from 'react';
import { WHOIS_POLL_INTERVAL_MS, WHOIS_POLL_MAX } from '@registrar/rules';
import { whoisStatusCount } from './whois.api';

const EVENT = 'registrar:whois-modal-closed';

/** Tells the page a WHOIS modal closed: the processing count is fetched again (001 §4 "WHOIS status polling"). */
export function notifyWhoisModalClosed(): void {
  window.dispatchEvent(new Event(EVENT));
}

/**
 * The WHOIS status polling of the member pages (001 §4, §9): after a WHOIS modal closes (and once when the page
 * opens), GET mypage/whois/status/check; when the count is above 0 and changed, it is polled every 30 s, at most 360
 * times, and `onChange` refreshes the rows whenever the count changes (and after each modal, whose change may already
 * have ended by the time of the check). It stops at 0, after 360 polls, or when a
 * check fails.
 */
export function useWhoisStatusPolling(onChange: (count: number) => void): void {
  const cb = useRef(onChange);
  cb.current = onChange;
  useEffect(() => {
    let last: number | null = null;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    const poll = async () => {
      timer = undefined;
      if (stopped) return;
      polls++;
      let count: number;
      try {
        count = (await whoisStatusCount()).count;
      } catch {
        return; // a failed check stops polling
      }
      if (stopped) return;
      if (count !== last) {
        last = count;
        cb.current(count);
      }
      if (count > 0 && polls < WHOIS_POLL_MAX) timer = setTimeout(() => void poll(), WHOIS_POLL_INTERVAL_MS);
    };
    const check = async (afterModal: boolean) => {
      let count: number;
      try {
        count = (await whoisStatusCount()).count;
      } catch {
        return;
      }
      if (stopped) return;
      const changed = count !== last;
      // after a modal the rows are refreshed even when the count looks unchanged: a change can start and end between
      // two checks (the rows the modal's own refresh read may already be out of date); this answer comes after it
      if ((changed || afterModal) && last !== null) cb.current(count);
      last = count;
      if (count > 0 && changed) {
        stop();
        polls = 0;
        timer = setTimeout(() => void poll(), WHOIS_POLL_INTERVAL_MS);
      }
    };
    const onClosed = () => void check(true);
    window.addEventListener(EVENT, onClosed);
    void check(false);
    return () => {
      stopped = true;
      stop();
      window.removeEventListener(EVENT, onClosed);
    };
  }, []);
}
