import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** orders.webhook_events: ids of the provider events already handled (webhooks are delivered at least once). */
@Injectable()
export class WebhookRepository {
  constructor(@InjectDataSource('orders') private readonly ds: DataSource) {}

  async seen(eventId: string): Promise<boolean> {
    return (await this.ds.query('SELECT 1 FROM orders.webhook_events WHERE event_id = $1', [eventId])).length > 0;
  }

  async record(eventId: string, type: string): Promise<void> {
    await this.ds.query('INSERT INTO orders.webhook_events (event_id, type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING', [eventId, type]);
  }
}
