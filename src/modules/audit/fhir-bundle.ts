import { urn, type Resource } from './fhir-ids';

/**
 * The two shapes of the FHIR export (issue 22 item 12). Every resource carries a stable identifier
 * under the hospital: its own where it has one (the patient's identification number, a staff
 * member's account, the hospital's code), otherwise `urn:hms:hospital:<hospitalId>:fhir-resource`
 * with the resource's stable id. A `collection` lists the resources; a `transaction` asks a FHIR
 * server to create each one unless a resource with that identifier is already there
 * (conditional create), with references between entries as their `urn:uuid:` fullUrls, which the
 * server rewrites to the ids it assigns: the bundle loads as it is, and loading it twice changes nothing.
 */
export type BundleKind = 'collection' | 'transaction';
type Identifier = { system: string; value: string };

export const resourceIdentifierSystem = (hospitalId: string) => `urn:hms:hospital:${hospitalId}:fhir-resource`;

export function withIdentifier(resource: Resource, hospitalId: string): Resource {
  const own = resource.identifier as Identifier[] | undefined;
  if (own?.length) return resource;
  return { ...resource, identifier: [{ system: resourceIdentifierSystem(hospitalId), value: resource.id }] };
}

function conditionalCreate(resource: Resource) {
  const [identifier] = resource.identifier as Identifier[];
  return {
    method: 'POST',
    url: resource.resourceType,
    ifNoneExist: `identifier=${encodeURIComponent(identifier!.system)}|${encodeURIComponent(identifier!.value)}`,
  };
}

export function bundleOf(kind: BundleKind, resources: readonly Resource[], hospitalId: string, now: Date) {
  const identified = resources.map((r) => withIdentifier(r, hospitalId));
  return {
    resourceType: 'Bundle',
    type: kind,
    timestamp: now.toISOString(),
    entry: identified.map((resource) =>
      kind === 'collection'
        ? { fullUrl: urn(resource.id), resource }
        : // A create names no id of its own: the server assigns one, and the urn:uuid stands for it meanwhile.
          { fullUrl: urn(resource.id), resource: withoutId(resource), request: conditionalCreate(resource) },
    ),
  };
}

function withoutId({ id: _id, ...rest }: Resource) {
  return rest;
}
