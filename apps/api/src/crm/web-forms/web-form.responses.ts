import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { WEB_FORM_LEAD_FIELD_NAMES } from '@tessera/data-access/contracts';
import { WebFormEntity } from './web-form.entity';

class SubmissionCount {
  @ApiProperty({ description: 'Accepted submissions so far' })
  submission_count!: number;
}

export class WebFormBody extends IntersectionType(WebFormEntity, SubmissionCount) {}

export class WebFormSubmissionBody {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) lead_id!: string;
  @ApiProperty({ enum: ['created', 'merged'] }) outcome!: 'created' | 'merged';
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty() lead_name!: string;
  @ApiProperty({ type: String, nullable: true }) lead_email!: string | null;
  @ApiProperty() lead_score!: number;
}

class PublicWebFormFieldBody {
  @ApiProperty({ enum: WEB_FORM_LEAD_FIELD_NAMES }) field!: string;
  @ApiProperty() label!: string;
  @ApiProperty() required!: boolean;
  @ApiProperty({ enum: ['text', 'email', 'tel', 'url', 'textarea', 'select'] }) kind!: string;
  @ApiProperty({ type: [String], nullable: true }) options!: string[] | null;
  @ApiProperty() max_length!: number;
}

export class PublicWebFormBody {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [PublicWebFormFieldBody] }) fields!: PublicWebFormFieldBody[];
  @ApiProperty({ type: String, nullable: true }) consent_text!: string | null;
  @ApiProperty({ description: 'The name of the field people never see (spam trap)' }) honeypot!: string;
  @ApiProperty({ description: 'The name under which the fill token is sent back' }) token_field!: string;
  @ApiProperty({ description: 'Signed time the form was shown' }) token!: string;
  @ApiProperty() submit_url!: string;
}

export class WebFormSubmissionResultBody {
  @ApiProperty() message!: string;
  @ApiProperty({ type: String, nullable: true }) redirect_url!: string | null;
}
