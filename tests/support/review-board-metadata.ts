import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyMetadata } from './metadata-copy.ts';

/**
 * A small review board for tests of engine capabilities: a team (review-board) with its members, and review items
 * that belong to a board and name an approver. `item` overrides or adds to the review item's declaration.
 */
export function withReviewBoard(item: Record<string, unknown> = {}): string {
  const meta = copyMetadata();
  const entity = (name: string, json: Record<string, unknown>) => {
    const dir = join(meta, 'modules/organisation', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'entity.json'), JSON.stringify({ name, label: 'entity.department', ...json }));
  };
  const errors = {
    list: 'error.getDepartment',
    read: 'error.getDepartment',
    add: 'error.addDepartment',
    update: 'error.updateDepartment',
    delete: 'error.deleteDepartment',
  };
  const ref = (to: string) => ({ type: 'integer', 'x-ref': to, title: 'field.name' });
  entity('review-board', {
    schema: {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: { name: { type: 'string', title: 'field.name' } },
    },
    members: { entity: 'review-board-member', via: 'reviewBoardId', employee: 'employeeId' },
    access: { update: ['employee:moduleAdmin', 'member:id'] },
    errors,
  });
  entity('review-board-member', {
    schema: {
      type: 'object',
      required: ['reviewBoardId', 'employeeId'],
      additionalProperties: false,
      properties: { reviewBoardId: { ...ref('review-board'), 'x-onDelete': 'cascade' }, employeeId: ref('employee') },
    },
    list: { filters: ['reviewBoardId'] },
    errors,
  });
  entity('review-item', {
    schema: {
      type: 'object',
      required: ['title', 'reviewBoardId'],
      additionalProperties: false,
      properties: {
        title: { type: 'string', title: 'field.name' },
        reviewBoardId: ref('review-board'),
        approverId: ref('employee'),
        approved: { type: 'boolean', title: 'field.name' },
        dueDate: { type: 'string', format: 'date', title: 'field.name' },
        completionDate: { type: 'string', format: 'date', title: 'field.name' },
        status: { type: 'string', enum: ['Open', 'Cancelled'], default: 'Open', title: 'field.name' },
      },
    },
    access: { update: ['employee:moduleAdmin', 'member:reviewBoardId'] },
    commands: [{ name: 'sign-off', kind: 'patch', fields: ['approved'], access: ['field:approverId'] }],
    errors: { ...errors, 'sign-off': 'error.updateDepartment' },
    ...item,
  });
  return meta;
}
