import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT, ORDERS_CLIENT, QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { bullRootModule, CLOCK, loadConfig, rpcClientModule, SystemClock } from '@registrar/infra';
import { MailModule } from '@registrar/mail';
import { ListingService } from './listings/listing.service';
import { MarketConfig } from './market.config';
import { MarketRpcController } from './market.rpc.controller';
import { MARKET_MIGRATIONS, MARKET_SCHEMA } from './migrations';
import { DomainsPort } from './ports/domains.port';
import { LedgerPort } from './ports/ledger.port';
import { PaymentsPort } from './ports/payments.port';
import { DisputeService } from './disputes/dispute.service';
import { SalesService } from './sales/sales.service';
import { NoticeService } from './notices/notice.service';
import { CreditTradeJob, MarketProcessor, MarketSchedules, MarketSweepJob, MoveTradeJob, PayTradeJob, RefundTradeJob } from './trades/trade.jobs';
import { TradeQueue } from './trades/trade.queue';
import { TradeService } from './trades/trade.service';

const marketConfig = () => loadConfig(MarketConfig);

/**
 * The market service (docs/market.md): listings, trades as BullMQ steps (pay into escrow, move, credit, refund),
 * offers, sales and payouts, and the super admins' oversight. Money moves only through the orders service's ledger,
 * domains only through domain-ops.
 */
@Module({
  imports: [
    schemaTypeOrmModule({ schema: MARKET_SCHEMA, entities: [], migrations: MARKET_MIGRATIONS }),
    bullRootModule(),
    BullModule.registerQueue({ name: QueueName.Market }),
    rpcClientModule(ORDERS_CLIENT),
    rpcClientModule(DOMAIN_OPS_CLIENT),
    MailModule.forSender(),
  ],
  controllers: [MarketRpcController],
  providers: [
    { provide: MarketConfig, useFactory: marketConfig },
    { provide: CLOCK, useFactory: () => new SystemClock() },
    LedgerPort,
    PaymentsPort,
    DisputeService,
    DomainsPort,
    ListingService,
    TradeQueue,
    TradeService,
    SalesService,
    NoticeService,
    PayTradeJob,
    MoveTradeJob,
    CreditTradeJob,
    RefundTradeJob,
    MarketSweepJob,
    MarketProcessor,
    MarketSchedules,
  ],
})
export class MarketServiceModule {}
