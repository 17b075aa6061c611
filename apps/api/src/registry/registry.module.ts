import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RegistryController } from './registry.controller';
import { RegistryService } from './registry.service';
import { RemotePinEntity } from './remote-pin.entity';
import { RemoteReleasesService } from './remote-releases';

@Module({
  imports: [TypeOrmModule.forFeature([RemotePinEntity])],
  controllers: [RegistryController],
  providers: [RegistryService, RemoteReleasesService],
  exports: [RegistryService, RemoteReleasesService],
})
export class RegistryModule {}
