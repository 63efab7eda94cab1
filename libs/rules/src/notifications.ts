/**
 * Notifications and header announcements (002 spec §2 "Notifications and announcements", §3, §4, §9), shared by the
 * web app (bell, banners, pages) and the gateway (validation of the admin's authoring).
 */
import { M } from '@registrar/messages';
import { truncateText } from './text';

/** 002 §3: notification types. */
export const NOTIFICATION_TYPES = { 1: '重要', 2: 'キャンペーン', 3: 'アップデート', 4: 'メンテナンス' } as const;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;
/** Type 2 counts in the campaign unread counter, every other type in the normal one. */
export const CAMPAIGN_NOTIFICATION_TYPE = 2;

/** 002 §3: header announcement categories. */
export const ANNOUNCEMENT_CATEGORIES = { 1: '重要', 2: 'キャンペーン', 3: 'アップデート', 4: 'メンテナンス', 5: 'ナレッジ', 6: 'お知らせ' } as const;
export type AnnouncementCategory = keyof typeof ANNOUNCEMENT_CATEGORIES;
/** The label colour of each category (Mantine palette names; the theme keeps white text readable on them). */
export const ANNOUNCEMENT_CATEGORY_COLORS: Record<AnnouncementCategory, string> = { 1: 'red', 2: 'orange', 3: 'blue', 4: 'grape', 5: 'teal', 6: 'gray' };
export const NOTIFICATION_TYPE_COLORS: Record<NotificationType, string> = { 1: 'red', 2: 'orange', 3: 'blue', 4: 'grape' };

/** 002 §9: notification titles are truncated at 62 characters. */
export const NOTIFICATION_TITLE_CHARS = 62;
export const notificationTitle = (title: string) => truncateText(title, NOTIFICATION_TITLE_CHARS);

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 20_000;
export const RE_DISPLAY_PERIOD_MAX = 365;

export interface NotificationInput { title?: unknown; type?: unknown; release_date?: unknown; description?: unknown }
export interface NotificationValue { title: string; type: NotificationType; release_date: string; description: string }

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** A release date-time: ISO 8601 or 'YYYY-MM-DD HH:mm' / 'YYYY/MM/DD HH:mm' read in Asia/Tokyo. */
export function parseReleaseDate(s: string): Date | null {
  const local = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(s);
  const d = local ? new Date(`${local[1]}-${local[2]}-${local[3]}T${local[4] ?? '00'}:${local[5] ?? '00'}:00+09:00`) : new Date(s);
  if (Number.isNaN(d.getTime())) return null;
  if (local && new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10) !== `${local[1]}-${local[2]}-${local[3]}`) return null;
  return d;
}

export function validateNotification(input: NotificationInput): { value: NotificationValue; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const title = str(input.title);
  if (!title) errors.title = [M.notificationTitleRequired];
  else if (title.length > NOTIFICATION_TITLE_MAX) errors.title = [M.notificationTitleTooLong];
  const type = Number(input.type);
  if (!(type in NOTIFICATION_TYPES)) errors.type = [M.notificationTypeRequired];
  const rd = str(input.release_date);
  const date = rd ? parseReleaseDate(rd) : null;
  if (!date) errors.release_date = [M.notificationReleaseDateInvalid];
  const description = str(input.description);
  if (!description) errors.description = [M.notificationBodyRequired];
  else if (description.length > NOTIFICATION_BODY_MAX) errors.description = [M.notificationBodyTooLong];
  return { value: { title, type: type as NotificationType, release_date: date ? date.toISOString() : '', description }, errors };
}

export interface AnnouncementInput { categoryId?: unknown; content?: unknown; reDisplayPeriod?: unknown; startAt?: unknown; endAt?: unknown }
export interface AnnouncementValue { categoryId: AnnouncementCategory; content: string; reDisplayPeriod: number | null; startAt: string | null; endAt: string | null }

export function validateAnnouncement(input: AnnouncementInput): { value: AnnouncementValue; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const categoryId = Number(input.categoryId);
  if (!(categoryId in ANNOUNCEMENT_CATEGORIES)) errors.categoryId = [M.announcementCategoryRequired];
  const content = str(input.content);
  if (!content) errors.content = [M.announcementContentRequired];
  else if (content.length > NOTIFICATION_BODY_MAX) errors.content = [M.notificationBodyTooLong];
  const rp = str(input.reDisplayPeriod);
  let reDisplayPeriod: number | null = null;
  if (rp) {
    if (!/^\d+$/.test(rp) || Number(rp) < 1 || Number(rp) > RE_DISPLAY_PERIOD_MAX) errors.reDisplayPeriod = [M.announcementPeriodInvalid];
    else reDisplayPeriod = Number(rp);
  }
  const dates: Record<'startAt' | 'endAt', string | null> = { startAt: null, endAt: null };
  for (const k of ['startAt', 'endAt'] as const) {
    const s = str(input[k]);
    if (!s) continue;
    const d = parseReleaseDate(s);
    if (!d) errors[k] = [M.notificationReleaseDateInvalid];
    else dates[k] = d.toISOString();
  }
  if (dates.startAt && dates.endAt && dates.endAt <= dates.startAt) errors.endAt = [M.announcementEndBeforeStart];
  return { value: { categoryId: categoryId as AnnouncementCategory, content, reDisplayPeriod, ...dates }, errors };
}

// ---- closing header announcements (002 §4)

/** Where the browser keeps, per announcement id, when it was closed (ISO date-time). */
export const ANNOUNCEMENT_HIDE_KEY = 'registrar.headerAnnouncements.hidden';
export type HideRecords = Record<string, string>;

/**
 * 002 §4: a closed announcement is hidden; it reappears after reDisplayPeriod days; without that period it stays hidden.
 * Hide records of announcements no longer sent, or with unreadable dates, are purged: `kept` is what to store back.
 */
export function visibleAnnouncements<T extends { id: number; reDisplayPeriod: number | null }>(announcements: readonly T[], hidden: unknown, now: Date): { visible: T[]; kept: HideRecords } {
  const records: HideRecords = hidden && typeof hidden === 'object' && !Array.isArray(hidden) ? (hidden as HideRecords) : {};
  const sent = new Map(announcements.map((a) => [String(a.id), a]));
  const kept: HideRecords = {};
  for (const [id, at] of Object.entries(records)) {
    if (!sent.has(id) || typeof at !== 'string' || Number.isNaN(new Date(at).getTime())) continue;
    const a = sent.get(id)!;
    if (a.reDisplayPeriod && new Date(at).getTime() + a.reDisplayPeriod * 86_400_000 <= now.getTime()) continue; // due again
    kept[id] = at;
  }
  return { visible: announcements.filter((a) => !(String(a.id) in kept)), kept };
}
