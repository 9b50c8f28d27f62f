import { useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { formatNaira, HOSPITAL_MONTHLY_NAIRA, planLimitMessage, seatsLine, type PlanUsage } from '../../../lib/plans';
import { upgradeToHospitalPlan } from '../api/plan-api';
import styles from './user-form.module.css';

type PlanLimitModalProps = {
  plan: PlanUsage | null;
  onClose: () => void;
  onUpgraded: (plan: PlanUsage, message: string) => void;
};

/**
 * What Add New User opens when every seat of the plan is taken: the limit, explained before any
 * form is filled in, and the upgrade that lifts it.
 */
export function PlanLimitModal({ plan, onClose, onUpgraded }: PlanLimitModalProps) {
  const [upgrading, setUpgrading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  async function upgrade() {
    setUpgrading(true);
    setError(null);
    try {
      const result = await upgradeToHospitalPlan();
      onUpgraded(result.plan, result.message);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setUpgrading(false);
    }
  }

  return (
    <Modal title="All seats are in use" isOpen={!!plan} onOpenChange={(open) => (open ? undefined : close())}>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {plan ? (
        <>
          <p className={styles.confirm}>{planLimitMessage(plan)}</p>
          <p className={styles.note}>
            {seatsLine(plan)}. Deleting a user frees a seat; a deactivated user keeps theirs. The Hospital plan costs{' '}
            {formatNaira(HOSPITAL_MONTHLY_NAIRA)} per month and has no user limit.
          </p>
        </>
      ) : null}
      <ModalActions>
        <Button variant="secondary" onPress={close}>
          Not Now
        </Button>
        <Button onPress={upgrade} isDisabled={upgrading}>
          {upgrading ? 'Upgrading...' : 'Upgrade to Hospital plan'}
        </Button>
      </ModalActions>
    </Modal>
  );
}
