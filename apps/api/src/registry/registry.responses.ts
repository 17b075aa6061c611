import { ApiProperty } from '@nestjs/swagger';
import {
  type CreatedDeployToken,
  type DeployTokenSummary,
  MODULE_CATEGORIES,
  type ModuleCatalogueAnswer,
  type ModuleCatalogueEntry,
  type ModuleCategory,
  type PublishedRelease,
  type RegisteredRemote,
  type RemoteDescriptor,
  type RemoteIntegrity,
  type RemoteModuleRoute,
  type RemovedRelease,
  type RemoteRegistry,
  type SubmoduleEntry,
} from '@tessera/data-access/contracts';
import { CredentialLifecycleBody } from '../common/credential-lifecycle';

class RemoteIntegrityBody implements RemoteIntegrity {
  @ApiProperty({ example: 'sha256-…' }) manifest!: string;
  @ApiProperty({ example: 'sha256-…' }) entry!: string;
  @ApiProperty({ example: 'remoteEntry.js' }) entryFile!: string;
}

class RemoteDescriptorBody implements RemoteDescriptor {
  @ApiProperty({ description: 'The registered key' }) key!: string;
  @ApiProperty({ description: 'The Module Federation container name' }) name!: string;
  @ApiProperty() manifestUrl!: string;
  @ApiProperty() version!: string;
  @ApiProperty({ type: RemoteIntegrityBody, required: false }) integrity?: RemoteIntegrityBody;
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

class SubmoduleBody implements SubmoduleEntry {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() route!: string;
}

class DefaultLevelsBody {
  @ApiProperty({ required: false }) owner?: 'none' | 'read' | 'write' | 'admin';
  @ApiProperty({ required: false }) admin?: 'none' | 'read' | 'write' | 'admin';
  @ApiProperty({ required: false }) member?: 'none' | 'read' | 'write' | 'admin';
  @ApiProperty({ required: false }) viewer?: 'none' | 'read' | 'write' | 'admin';
}

class ModuleCatalogueEntryBody implements ModuleCatalogueEntry {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() route!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: MODULE_CATEGORIES }) category!: ModuleCategory;
  @ApiProperty({ required: false }) isPremium?: boolean;
  @ApiProperty({ description: 'The key of the remote that serves it' }) remote!: string;
  @ApiProperty({ type: [SubmoduleBody] }) submodules!: SubmoduleBody[];
  @ApiProperty({ type: DefaultLevelsBody, required: false }) defaultLevels?: DefaultLevelsBody;
}

export class ModuleCatalogueBody implements ModuleCatalogueAnswer {
  @ApiProperty({ type: [ModuleCatalogueEntryBody] }) modules!: ModuleCatalogueEntryBody[];
}

export class RegisteredRemoteBody implements RegisteredRemote {
  @ApiProperty() key!: string;
  @ApiProperty() name!: string;
  @ApiProperty() container!: string;
  @ApiProperty() built_in!: boolean;
  @ApiProperty({ type: [ModuleCatalogueEntryBody] }) modules!: ModuleCatalogueEntryBody[];
  @ApiProperty({ type: String, nullable: true }) latest!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class DeployTokenBody extends CredentialLifecycleBody implements DeployTokenSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() remote!: string;
  @ApiProperty() name!: string;
}

export class CreatedDeployTokenBody extends DeployTokenBody implements CreatedDeployToken {
  @ApiProperty({ description: 'Shown once: only its hash is stored' }) token!: string;
}

export class PublishedReleaseBody implements PublishedRelease {
  @ApiProperty() remote!: string;
  @ApiProperty() version!: string;
  @ApiProperty({ format: 'date-time' }) published_at!: string;
  @ApiProperty() published_by!: string;
  @ApiProperty() manifest_url!: string;
  @ApiProperty() files!: number;
  @ApiProperty() bytes!: number;
  @ApiProperty() new_bytes!: number;
  @ApiProperty({ type: RemoteIntegrityBody }) integrity!: RemoteIntegrityBody;
}

export class RemovedReleaseBody implements RemovedRelease {
  @ApiProperty() remote!: string;
  @ApiProperty() version!: string;
  @ApiProperty({ description: 'Blobs no other release had' }) blobs_removed!: number;
  @ApiProperty() bytes_freed!: number;
}
