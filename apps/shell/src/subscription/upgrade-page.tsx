import { useInstitution } from '@tessera/auth';
import { newIdempotencyKey } from '@tessera/data-access/client';
import {
  type ChangePlanResult,
  formatPlanPrice,
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type PlanSummary,
} from '@tessera/data-access/contracts';
import {
  type ModuleCatalogue,
  useChangePlan,
  useModuleCatalogue,
  usePaymentsStatus,
  usePlans,
} from '@tessera/data-access/hooks';
import { Badge, Button, Card, Dialog, EmptyState, PageHeader, Spinner } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAdministers } from '../shared/use-administers';
import { errorMessage } from '../shared/error-message';
import { CardForm, type CardFields, EMPTY_CARD, TestCardList, toCardInput } from '../shared/card-form';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  h3 { display: flex; gap: 8px; align-items: center; }
  strong { display: block; font-size: ${({ theme }) => theme.font.size.xl}; margin: 8px 0; }
  ul { padding-left: 18px; }
`;

const Alert = styled.p<{ $tone: 'error' | 'success' }>`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.destructive : theme.colors.success)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;

function moduleNames(moduleIds: string[], { findModule }: ModuleCatalogue): string {
  return moduleIds.map((moduleId) => findModule(moduleId)?.name ?? moduleId).join(', ');
}

/** docs/product/subscriptions.md#upgrade-plan: compares the plans and changes the plan through the payment provider. */
// The badge goes under the name when the card is narrow, never past its edge.
const PlanName = styled.h3`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

export function UpgradePage() {
  const { currentInstitution } = useInstitution();
  const administers = useAdministers();
  const plans = usePlans();
  const catalogue = useModuleCatalogue();
  const payments = usePaymentsStatus();
  const changePlan = useChangePlan();
  const [choice, setChoice] = useState<PlanSummary | null>(null);
  // One key per checkout attempt: a double submit of the same attempt is charged once.
  const [checkoutKey, setCheckoutKey] = useState(newIdempotencyKey);
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<ChangePlanResult | null>(null);
  const paymentsOff = payments.data?.configured === false;
  const canChange = !paymentsOff && administers;
  const currentPlanId = currentInstitution?.plan_id ?? null;

  function choose(plan: PlanSummary) {
    setChoice(plan);
    setCard(EMPTY_CARD);
    setFormError(null);
    setCheckoutKey(newIdempotencyKey());
    changePlan.reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!choice || !currentInstitution) return;
    const input = toCardInput(card);
    if (!input) {
      setFormError('Enter the expiry as MM/YY.');
      return;
    }
    setFormError(null);
    changePlan.mutate(
      { plan_id: choice.id, card: input, idempotencyKey: checkoutKey },
      {
        onSuccess: (changed) => {
          setResult(changed);
          setChoice(null);
        },
        onError: (error) => {
          // The attempt has its answer; another try (a corrected card) is a new attempt.
          setCheckoutKey(newIdempotencyKey());
          setFormError(errorMessage(error, 'The payment failed. Your plan has not been changed.'));
        },
      },
    );
  }

  return (
    <>
      <PageHeader
        title="Upgrade Plan"
        description={currentInstitution ? `Plans for ${currentInstitution.name}` : undefined}
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Subscription' },
          { label: 'Upgrade Plan' },
        ]}
      />
      {result ? (
        <Alert role="status" $tone="success">
          Your plan is now {result.plan.name}. Invoice {result.invoice.number} is on the{' '}
          <Link to="/subscription/billing">Billing</Link> page.
          {result.newly_allowed_modules.length > 0
            ? ` You can now enable ${moduleNames(result.newly_allowed_modules, catalogue)} in `
            : null}
          {result.newly_allowed_modules.length > 0 ? (
            <>
              <Link to="/administration">Administration</Link>.
            </>
          ) : null}
          {result.disabled_modules.length > 0
            ? ` Disabled because the plan no longer includes them: ${moduleNames(result.disabled_modules, catalogue)}.`
            : null}
        </Alert>
      ) : null}
      {paymentsOff ? (
        <Alert role="status" $tone="error">
          {PAYMENTS_NOT_CONFIGURED_MESSAGE}
        </Alert>
      ) : null}
      {!canChange && !paymentsOff ? (
        <p>Only the institution’s owners and admins can change the plan.</p>
      ) : null}
      {plans.isPending ? <Spinner block label="Loading plans" /> : null}
      {plans.isError ? (
        <EmptyState
          title="Plans could not be loaded"
          description={errorMessage(plans.error, 'Please try again.')}
        />
      ) : null}
      <Grid aria-label="Plans">
        {plans.data?.map((plan) => (
          <li key={plan.id}>
            <Card aria-label={plan.name}>
              <PlanName>
                {plan.name} {currentPlanId === plan.id ? <Badge $tone="primary">Current plan</Badge> : null}
              </PlanName>
              <strong>{formatPlanPrice(plan.price_cents)}</strong>
              <p>{plan.description}</p>
              <ul>
                {plan.categories.map((category) => (
                  <li key={category}>{category}</li>
                ))}
                {plan.includes_premium ? <li>Premium modules (Hotel Management)</li> : null}
              </ul>
              <p>{plan.modules.length} modules</p>
              {canChange && currentPlanId !== plan.id ? (
                <Button onClick={() => choose(plan)} aria-label={`Choose ${plan.name}`}>
                  Choose {plan.name}
                </Button>
              ) : null}
            </Card>
          </li>
        ))}
      </Grid>
      <Dialog
        open={choice !== null}
        onOpenChange={(open) => (open ? null : setChoice(null))}
        title={choice ? `Change to ${choice.name}` : 'Change plan'}
        description={
          choice ? `${formatPlanPrice(choice.price_cents)}, charged now for the first month.` : undefined
        }
      >
        <form onSubmit={onSubmit} aria-label="Payment">
          {formError ? (
            <Alert role="alert" $tone="error">
              {formError}
            </Alert>
          ) : null}
          <CardForm value={card} onChange={setCard} />
          <TestCardList />
          <p>
            <Button type="submit" disabled={changePlan.isPending}>
              {changePlan.isPending ? 'Processing…' : `Pay and change plan`}
            </Button>{' '}
            <Button variant="secondary" onClick={() => setChoice(null)}>
              Cancel
            </Button>
          </p>
        </form>
      </Dialog>
    </>
  );
}
