import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { IdentityConfig } from '@registrar/identity';
import { NotificationsRepository } from './notifications.repository';

const DAY = 86_400_000;

/** A few notifications and header announcements for the local runtime (`npm start`), made once when there are none. */
@Injectable()
export class NotificationSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(NotificationSeedService.name);
  constructor(private readonly config: IdentityConfig, private readonly repo: NotificationsRepository) {}

  async onApplicationBootstrap() {
    // npm start only: the browser tests (NODE_ENV test) make their own, so other pages' tests see none
    if (!this.config.LOCAL_RUNTIME || this.config.NODE_ENV !== 'development' || process.env.DEMO_SEED === '0') return;
    const have = await this.repo.count();
    const at = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    if (!have.notifications) {
      const items = [
        { title: '年末年始のサポート窓口休業について', type: 1 as const, release_date: at(1), description: '<p>12月29日から1月3日までサポート窓口を休業いたします。休業中のお問い合わせは1月4日以降に順次回答いたします。</p>' },
        { title: '【キャンペーン】.com / .net の新規登録が今月限りの特別価格！人気TLDをお得に取得できるチャンスです。お見逃しなく', type: 2 as const, release_date: at(2), description: '<p>今月末まで <strong>.com</strong> と <strong>.net</strong> の新規登録をキャンペーン価格でご提供します。</p>' },
        { title: 'ドメイン一覧にCSVダウンロード機能を追加しました', type: 3 as const, release_date: at(5), description: '<p>ドメイン管理画面から一覧をCSVでダウンロードできるようになりました。</p>' },
        { title: 'システムメンテナンスのお知らせ', type: 4 as const, release_date: at(9), description: '<p>毎月第2火曜日 2:00〜5:00 はメンテナンスのため一部機能がご利用いただけません。</p>' },
      ];
      for (const n of items) await this.repo.createNotification(n, 0);
    }
    if (!have.announcements) {
      await this.repo.createAnnouncement({ categoryId: 4, content: '<strong>メンテナンス</strong>：毎月第2火曜日 2:00〜5:00 は一部機能を停止します。', reDisplayPeriod: 7, startAt: null, endAt: null }, 0);
      await this.repo.createAnnouncement({ categoryId: 2, content: '.com / .net の新規登録キャンペーン実施中！ <a href="/domain/price">価格一覧を見る</a>', reDisplayPeriod: null, startAt: null, endAt: null }, 0);
    }
    if (!have.notifications || !have.announcements) this.logger.log('seeded notifications and header announcements (local runtime)');
  }
}
