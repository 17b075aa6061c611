import { Module } from '@nestjs/common';
import { InstitutionsModule } from '../../institutions/institutions.module';
import { MailModule } from '../../mail/mail.module';
import { LineItemsController } from './line-items.controller';
import { LineItemsService } from './line-items.service';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { PublicQuotesController } from './public-quotes.controller';
import { QuotesController } from './quotes.controller';
import { QuotesService } from './quotes.service';

/** What a deal sells: the product catalogue, line items and quotes (README.md in this folder). */
@Module({
  imports: [MailModule, InstitutionsModule],
  controllers: [ProductsController, LineItemsController, QuotesController, PublicQuotesController],
  providers: [ProductsService, LineItemsService, QuotesService],
})
export class SellingModule {}
