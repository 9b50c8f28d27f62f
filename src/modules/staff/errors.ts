import { BadRequest, Conflict, Forbidden, NotFound } from '../../platform/http/errors';
import { ADMIN_ROLE_REFUSED } from './roles';
import { planLimitMessage, type PlanCode } from './plans';

/** Domain errors of the staff module; each is the HTTP error it maps to, with the user-facing message. */
export class StaffMemberNotFound extends NotFound {
  constructor() {
    super('User not found');
  }
}

export class StaffMemberAlreadyExists extends Conflict {
  constructor() {
    super('This user already exists');
  }
}

export class EmailAlreadyTaken extends Conflict {
  constructor() {
    super('A user with this email already exists');
  }
}

export class PlanLimitReached extends Forbidden {
  constructor(readonly plan: PlanCode) {
    super(planLimitMessage(plan));
  }
}

export class AdminRoleRefused extends BadRequest {
  constructor() {
    super(ADMIN_ROLE_REFUSED, [{ field: 'role', message: ADMIN_ROLE_REFUSED }]);
  }
}

export class CannotDeactivateSelf extends BadRequest {
  constructor() {
    super('You cannot deactivate your own account');
  }
}

export class CannotDeleteSelf extends BadRequest {
  constructor() {
    super('You cannot delete your own account');
  }
}

export class StaleStaffMemberVersion extends Conflict {
  constructor() {
    super('This user was changed by someone else. Reload and try again.');
  }
}
