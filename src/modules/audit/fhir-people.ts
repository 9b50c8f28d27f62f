import { ROLE_LABELS, type RoleCode } from '../../shared/roles';
import { urn, uuidFor, type Resource } from './fhir-ids';

/**
 * The people and the organisation behind a FHIR export: one Organization for the hospital, a Practitioner
 * for every staff member the record names, and a PractitionerRole per person and role, so an Encounter,
 * a request or an observation references who did it, in which role, at which hospital, instead of a bare
 * display name. Ids derive from the staff member's account id, so every export of the hospital names a
 * person the same.
 */
export type Hospital = { id: string; code: string | null; name: string | null };
export type Person = { id: string; name: string };
export type PersonRef = { reference: string; display: string };

const STAFF_ROLE_SYSTEM = 'urn:hms:staff-role';

export class FhirPeople {
  private readonly resources = new Map<string, Resource>();
  readonly organization: PersonRef;

  constructor(private readonly hospital: Hospital) {
    const id = uuidFor(hospital.id, 'organization');
    const name = hospital.name ?? 'Hospital';
    this.organization = { reference: urn(id), display: name };
    this.resources.set(id, {
      resourceType: 'Organization',
      id,
      active: true,
      identifier: [{ system: 'urn:hms:hospital', value: hospital.code ?? hospital.id }],
      type: [
        {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov' }],
          text: 'Healthcare Provider',
        },
      ],
      name,
    });
  }

  /** The person in that role: a reference to their PractitionerRole (their Practitioner is added too). */
  as(person: Person, role: string): PersonRef {
    const practitioner = this.practitioner(person);
    const id = uuidFor(person.id, `role/${role}`);
    if (!this.resources.has(id)) {
      const label = ROLE_LABELS[role as RoleCode] ?? role;
      this.resources.set(id, {
        resourceType: 'PractitionerRole',
        id,
        active: true,
        practitioner,
        organization: this.organization,
        code: [{ coding: [{ system: STAFF_ROLE_SYSTEM, code: role, display: label }], text: label }],
      });
    }
    return { reference: urn(id), display: person.name };
  }

  practitioner(person: Person): PersonRef {
    const id = uuidFor(person.id, 'practitioner');
    if (!this.resources.has(id)) {
      this.resources.set(id, {
        resourceType: 'Practitioner',
        id,
        active: true,
        identifier: [{ system: `urn:hms:hospital:${this.hospital.id}:staff`, value: person.id }],
        name: [{ text: person.name }],
      });
    }
    return { reference: urn(id), display: person.name };
  }

  /** Organization first, then each Practitioner followed by its roles, in the order they were met. */
  all(): Resource[] {
    return [...this.resources.values()];
  }
}
