/** The fault of an owner role (self, supervisor, unowned) on an entity that declares no owner: they judge by the owner. */
export const OWNER_ROLE_WITHOUT_OWNER =
  'names the role self, supervisor or unowned, which needs the entity to declare its owner';
