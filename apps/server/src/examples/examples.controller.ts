import { Controller, Get } from '@nestjs/common';
import { ExamplesService, ExamplesStatus } from './examples.service';

@Controller('api/v1/examples')
export class ExamplesController {
  constructor(private readonly examples: ExamplesService) {}

  /** Authenticated through AUTH's global guard; the home page polls it while the examples load. */
  @Get('status')
  status(): { result: ExamplesStatus } {
    return { result: this.examples.status() };
  }
}
