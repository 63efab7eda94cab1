import { api } from '../../lib/api';
import type { Paged } from '../admin/admin.api';

export interface AdminNotification { id: number; title: string; type: number; release_date: string; description: string; released: boolean; created_at: string; updated_at: string }
export interface AdminAnnouncement { id: number; categoryId: number; content: string; reDisplayPeriod: number | null; startAt: string | null; endAt: string | null }
export interface NotificationForm { title: string; type: string; release_date: string; description: string }
export interface AnnouncementForm { categoryId: string; content: string; reDisplayPeriod: string; startAt: string; endAt: string }

/** The super admin's authoring calls (docs/notifications.md). */
export const adminNotificationsApi = {
  list: (page: number, signal?: AbortSignal) => api<{ result: boolean; notifications: Paged<AdminNotification> }>('/admin/api/notifications', { query: { page }, signal }),
  save: (id: number | null, form: NotificationForm) => api<{ result: boolean; message: string }>(id ? `/admin/api/notifications/${id}` : '/admin/api/notifications', { body: form }),
  remove: (id: number) => api<{ result: boolean; message: string }>(`/admin/api/notifications/${id}/delete`, { body: {} }),
  announcements: (signal?: AbortSignal) => api<{ result: boolean; announcements: AdminAnnouncement[] }>('/admin/api/header_announcements', { signal }),
  saveAnnouncement: (id: number | null, form: AnnouncementForm) =>
    api<{ result: boolean; message: string }>(id ? `/admin/api/header_announcements/${id}` : '/admin/api/header_announcements', { body: form }),
  removeAnnouncement: (id: number) => api<{ result: boolean; message: string }>(`/admin/api/header_announcements/${id}/delete`, { body: {} }),
};

/** An ISO time as 'YYYY-MM-DD HH:mm' in Asia/Tokyo, the form's format. */
export function tokyoInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}
