import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { Public } from '../auth/roles.decorator';
import { PostalAddress, PostalService } from './postal.service';

@Controller('postal')
@Public()
export class PostalController {
  constructor(private readonly postal: PostalService) {}

  /** GET /postal/{7 digits} -> { prefcode, prefecture, ja, en }; 404 for an unknown or malformed code. */
  @Get(':code')
  lookup(@Param('code') code: string): PostalAddress {
    const found = this.postal.lookup(code);
    if (!found) throw new NotFoundException({ message: 'not found' });
    return found;
  }
}
