import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../auth/guards/decorators';

/** Liveness for load balancers and compose health checks: answers as soon as the server listens. */
@Controller('health')
export class HealthController {
  @Public()
  @Get()
  @Header('Cache-Control', 'no-store')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
