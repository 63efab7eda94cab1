import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface PublicNotification { id: number; title: string; full_title: string; type: 1 | 2 | 3 | 4; release_date: string; description: string }
export interface BellNotification extends PublicNotification { is_read: boolean }
export interface HeaderAnnouncement { id: number; categoryId: 1 | 2 | 3 | 4 | 5 | 6; categoryName: string; content: string; reDisplayPeriod: number | null }
export interface BellAnswer { notifications: BellNotification[]; unreadNotifications: { normal: number; campaign: number } }
export interface NotificationsPage { data: PublicNotification[]; total: number; current_page: number; last_page: number }

/** 002 §7's notification calls, one query-options factory (keys from general to specific). */
export const notificationQueries = {
  top: () => queryOptions({ queryKey: ['notifications', 'top'], queryFn: ({ signal }) => api<{ notifications: PublicNotification[] }>('/top/notifications', { signal }), staleTime: 60_000 }),
  list: (page: number, type: number | undefined) =>
    queryOptions({ queryKey: ['notifications', 'list', page, type ?? null], queryFn: ({ signal }) => api<{ notifications: NotificationsPage }>('/notifications', { query: { page, type }, signal }) }),
  bell: () => queryOptions({ queryKey: ['notifications', 'bell'], queryFn: ({ signal }) => api<BellAnswer>('/mypage/notification/header', { signal }), staleTime: 60_000 }),
  announcements: () =>
    queryOptions({ queryKey: ['notifications', 'announcements'], queryFn: ({ signal }) => api<{ announcements: HeaderAnnouncement[] }>('/notifications/header_announcements', { signal }), staleTime: 300_000 }),
};

/** POST mypage/notification: without an id every released notification is read (the bell was opened). */
export const markNotificationsRead = (notificationId?: number) => api<{ result: boolean; marked: number }>('/mypage/notification', { body: notificationId ? { notificationId } : {} });
