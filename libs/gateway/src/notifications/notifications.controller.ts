import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ANNOUNCEMENT_CATEGORIES, AnnouncementCategory, notificationTitle, validateAnnouncement, validateNotification } from '@registrar/rules';
import { M } from '@registrar/messages';
import { AuthedRequest, CurrentUser, Member, Public, SuperAdmin, type UserEntity, audit, AuditAction } from '@registrar/identity';
import { fieldErrors } from '../admin/admin-rpc';
import { sanitizeAnnouncementHtml } from './html-sanitizer';
import { AnnouncementRow, NotificationRow, NotificationsRepository } from './notifications.repository';

/** How many notifications the top page box and the bell show. */
export const TOP_NOTIFICATIONS = 5;
export const BELL_NOTIFICATIONS = 10;
const PER_PAGE = 20;

const pageOf = (v: unknown) => Math.max(1, Math.min(10_000, Number.parseInt(String(v ?? '1'), 10) || 1));

/** What a visitor gets: the title cut at 62 characters (002 §9, the full one stays in full_title) and sanitised HTML. */
function publicNotification(n: NotificationRow) {
  return { id: n.id, title: notificationTitle(n.title), full_title: n.title, type: n.type, release_date: n.release_date, description: sanitizeAnnouncementHtml(n.description) };
}

function publicAnnouncement(a: AnnouncementRow) {
  return {
    id: a.id, categoryId: a.categoryId, categoryName: ANNOUNCEMENT_CATEGORIES[a.categoryId as AnnouncementCategory] ?? '',
    content: sanitizeAnnouncementHtml(a.content), reDisplayPeriod: a.reDisplayPeriod,
  };
}

/** 002 §7: the top page box, the all-notifications page and the header announcements (anyone). */
@Controller()
@Public()
export class PublicNotificationsController {
  constructor(private readonly repo: NotificationsRepository) {}

  @Get('top/notifications')
  async top() {
    const page = await this.repo.released(1, TOP_NOTIFICATIONS);
    return { notifications: page.data.map(publicNotification) };
  }

  /** The all-notifications page: released ones, newest first, 20 a page, optionally one type. */
  @Get('notifications')
  async list(@Query('page') page?: string, @Query('type') type?: string) {
    const t = Number(type);
    const p = await this.repo.released(pageOf(page), PER_PAGE, t >= 1 && t <= 4 ? t : undefined);
    return { notifications: { ...p, data: p.data.map(publicNotification) } };
  }

  @Get('notifications/header_announcements')
  async announcements() {
    return { announcements: (await this.repo.activeAnnouncements()).map(publicAnnouncement) };
  }
}

/** The bell (002 §2, §7): the member's latest notifications with both unread counters; opening it marks them read. */
@Controller('mypage/notification')
@Member()
export class MemberNotificationsController {
  constructor(private readonly repo: NotificationsRepository) {}

  @Get('header')
  async header(@CurrentUser() user: UserEntity) {
    const r = await this.repo.forMember(user.id, BELL_NOTIFICATIONS);
    return { notifications: r.notifications.map((n) => ({ ...publicNotification(n), is_read: n.is_read })), unreadNotifications: r.unread };
  }

  /** Without notificationId: every released notification is read (the bell was opened). */
  @Post()
  @HttpCode(200)
  async markRead(@CurrentUser() user: UserEntity, @Body() body: { notificationId?: unknown }) {
    const id = body?.notificationId === undefined || body?.notificationId === null || body?.notificationId === '' ? undefined : Number(body.notificationId);
    if (id !== undefined && !(Number.isInteger(id) && id > 0)) throw fieldErrors({ notificationId: [M.notificationNotFound] });
    const marked = await this.repo.markRead(user.id, id);
    return { result: true, marked };
  }
}

/** This product's service key on the shared account site (the all-notifications link's service_name). */
export const NOTIFICATION_SERVICE_KEY = 'domain';

/**
 * 002 §7's other form of marking read, `POST notification` with the serviceId of a service site: every released
 * notification of that service is read (this product has one service, NOTIFICATION_SERVICE_KEY), or the one of
 * notificationId. Another service's id is refused: its notifications are not ours to mark.
 */
@Controller('notification')
@Member()
export class ServiceNotificationsController {
  constructor(private readonly repo: NotificationsRepository) {}

  @Post()
  @HttpCode(200)
  async markRead(@CurrentUser() user: UserEntity, @Body() body: { serviceId?: unknown; notificationId?: unknown }) {
    const service = body?.serviceId === undefined || body?.serviceId === null || body?.serviceId === '' ? NOTIFICATION_SERVICE_KEY : String(body.serviceId);
    if (service !== NOTIFICATION_SERVICE_KEY) throw fieldErrors({ serviceId: [M.notificationNotFound] });
    const id = body?.notificationId === undefined || body?.notificationId === null || body?.notificationId === '' ? undefined : Number(body.notificationId);
    if (id !== undefined && !(Number.isInteger(id) && id > 0)) throw fieldErrors({ notificationId: [M.notificationNotFound] });
    return { result: true, marked: await this.repo.markRead(user.id, id) };
  }
}

/** Authoring (super admins only, 002 §6 lists announcements with the super-only back office). Every change is audited. */
@Controller('admin/api')
@SuperAdmin()
export class AdminNotificationsController {
  constructor(private readonly repo: NotificationsRepository) {}

  @Get('notifications')
  async list(@Query('page') page?: string) {
    return { result: true, notifications: await this.repo.adminList(pageOf(page), PER_PAGE) };
  }

  @Post('notifications')
  @HttpCode(200)
  @AuditAction('notification.create')
  async create(@Req() req: AuthedRequest, @Body() body: Record<string, unknown>) {
    const { value, errors } = validateNotification(body ?? {});
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const row = await this.repo.createNotification({ ...value, description: sanitizeAnnouncementHtml(value.description) }, req.user!.id);
    audit(req as Request, { target: row.id, before: null, after: row });
    return { result: true, notification: row, message: M.notificationSaved };
  }

  @Post('notifications/:id')
  @HttpCode(200)
  @AuditAction('notification.update')
  async update(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number, @Body() body: Record<string, unknown>) {
    const { value, errors } = validateNotification(body ?? {});
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const before = await this.repo.findNotification(id);
    if (!before) throw new NotFoundException({ result: false, message: M.notificationNotFound });
    const row = await this.repo.updateNotification(id, { ...value, description: sanitizeAnnouncementHtml(value.description) });
    audit(req as Request, { target: id, before, after: row });
    return { result: true, notification: row, message: M.notificationSaved };
  }

  @Post('notifications/:id/delete')
  @HttpCode(200)
  @AuditAction('notification.delete')
  async remove(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    const before = await this.repo.deleteNotification(id);
    if (!before) throw new NotFoundException({ result: false, message: M.notificationNotFound });
    audit(req as Request, { target: id, before, after: null });
    return { result: true, message: M.notificationDeleted };
  }

  @Get('header_announcements')
  async announcements() {
    return { result: true, announcements: await this.repo.allAnnouncements() };
  }

  @Post('header_announcements')
  @HttpCode(200)
  @AuditAction('announcement.create')
  async createAnnouncement(@Req() req: AuthedRequest, @Body() body: Record<string, unknown>) {
    const { value, errors } = validateAnnouncement(body ?? {});
    const content = sanitizeAnnouncementHtml(value.content);
    if (!errors.content && value.content && !content) errors.content = [M.announcementContentRequired];
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const row = await this.repo.createAnnouncement({ ...value, content }, req.user!.id);
    audit(req as Request, { target: row.id, before: null, after: row });
    return { result: true, announcement: row, message: M.notificationSaved };
  }

  @Post('header_announcements/:id')
  @HttpCode(200)
  @AuditAction('announcement.update')
  async updateAnnouncement(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number, @Body() body: Record<string, unknown>) {
    const { value, errors } = validateAnnouncement(body ?? {});
    const content = sanitizeAnnouncementHtml(value.content);
    if (!errors.content && value.content && !content) errors.content = [M.announcementContentRequired];
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const before = await this.repo.findAnnouncement(id);
    if (!before) throw new NotFoundException({ result: false, message: M.notificationNotFound });
    const row = await this.repo.updateAnnouncement(id, { ...value, content });
    audit(req as Request, { target: id, before, after: row });
    return { result: true, announcement: row, message: M.notificationSaved };
  }

  @Post('header_announcements/:id/delete')
  @HttpCode(200)
  @AuditAction('announcement.delete')
  async removeAnnouncement(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    const before = await this.repo.deleteAnnouncement(id);
    if (!before) throw new NotFoundException({ result: false, message: M.notificationNotFound });
    audit(req as Request, { target: id, before, after: null });
    return { result: true, message: M.notificationDeleted };
  }
}
