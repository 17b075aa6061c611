import { ApiProperty } from '@nestjs/swagger';
import type {
  RemoteDescriptor,
  RemoteKey,
  RemoteModuleRoute,
  RemoteRegistry,
} from '@tessera/data-access/contracts';
import { REMOTE_KEYS } from '../platform/platform.responses';

class RemoteDescriptorBody implements RemoteDescriptor {
  @ApiProperty({ enum: REMOTE_KEYS }) key!: RemoteKey;
  @ApiProperty({ description: 'The Module Federation container name' }) name!: string;
  @ApiProperty() manifestUrl!: string;
  @ApiProperty() version!: string;
}

class RemoteModuleRouteBody implements RemoteModuleRoute {
  @ApiProperty() moduleId!: string;
  @ApiProperty() remote!: string;
  @ApiProperty() expose!: string;
}

export class RemoteRegistryBody implements RemoteRegistry {
  @ApiProperty({ type: [RemoteDescriptorBody] }) remotes!: RemoteDescriptorBody[];
  @ApiProperty({ type: [RemoteModuleRouteBody] }) modules!: RemoteModuleRouteBody[];
}
