import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureFlagEntity } from './feature-flag.entity';
import { FeatureFlagsController } from './feature-flags.controller';

@Module({ imports: [TypeOrmModule.forFeature([FeatureFlagEntity])], controllers: [FeatureFlagsController] })
export class FeatureFlagsModule {}
