import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';
import { ROOT } from '../../server/boot.ts';

const faultsOf = (dir: string) => {
  try {
    loadRegistry(dir, hooks);
  } catch (e) {
    if (e instanceof MetadataError)
      return e.faults.map((f) => `${f.file.replace(/.*metadata\//, 'metadata/')}#${f.pointer} ${f.message}`);
    throw e;
  }
  return [];
};

describe('metadata loader', () => {
  it('loads the shipped metadata into a frozen registry', () => {
    const r = loadRegistry(join(ROOT, 'metadata'), hooks);
    expect(r.entities.get('employee')?.field.get('fullName')?.computed).toBe('employee.fullName');
    expect(Object.isFrozen(r.entity('department'))).toBe(true);
    expect(r.entity('department').access).toEqual({
      read: ['employee'],
      add: ['employee:moduleAdmin'],
      update: ['employee:moduleAdmin'],
      delete: ['employee:moduleAdmin'],
    });
  });

  it('lets those who may write a record with an owner, the owner and the owner’s supervisor read it when the metadata names no reader', () => {
    const r = loadRegistry(join(ROOT, 'metadata'), hooks);
    // training tags declare their owner and writers only
    expect(r.entity('training-tag').access.read).toEqual(['employee:moduleAdmin', 'self', 'supervisor']);
    // compliance notes: added by the team and the approver, changed by their author
    expect(r.entity('compliance-note').access.read).toEqual([
      'employee:moduleAdmin',
      'member:complianceTeamId',
      'field:approverId',
      'self',
      'supervisor',
    ]);
    // records of nobody stay every employee's
    expect(r.entity('risk').access.read).toEqual(['employee']);
  });

  it('resolves each parent role of a read to the entity its reference names', () => {
    const r = loadRegistry(join(ROOT, 'metadata'), hooks);
    expect(r.entity('kpi-comment').access.read).toContain('parent:kpiId');
    expect(r.entity('kpi-comment').parents.get('kpiId')?.name).toBe('performance-kpi');
    expect(r.entity('performance-kpi').parents.get('scorecardId')?.name).toBe('performance-scorecard');
    expect(r.entity('performance-scorecard').unownedWhen).toEqual([{ level: ['library'] }, { visible: [true] }]);
  });

  const cases: [string, (dir: string) => void, RegExp][] = [
    [
      'a property the schema does not know',
      (d) => editJson(join(d, 'modules/organisation/department/entity.json'), (e) => (e.colour = 'red')),
      /department\/entity.json#\/colour is not a known property/,
    ],
    [
      'a field of an unknown type',
      (d) =>
        editJson(
          join(d, 'modules/organisation/department/entity.json'),
          (e) => (e.schema.properties.name.type = 'text'),
        ),
      /department\/entity.json#\/schema\/properties\/name\/type must be equal to one of the allowed values/,
    ],
    [
      'a reference to an unknown entity',
      (d) =>
        editJson(
          join(d, 'modules/organisation/department/entity.json'),
          (e) => (e.schema.properties.businessUnitId['x-ref'] = 'business-units'),
        ),
      /#\/schema\/properties\/businessUnitId\/x-ref names the unknown entity "business-units"/,
    ],
    [
      'an unknown hook',
      (d) =>
        editJson(
          join(d, 'modules/organisation/employee/entity.json'),
          (e) => (e.schema.properties.fullName['x-computed'] = 'employee.nickname'),
        ),
      /#\/schema\/properties\/fullName\/x-computed names the unknown hook "employee.nickname"/,
    ],
    [
      'an i18n key missing from en.json',
      (d) =>
        editJson(
          join(d, 'modules/organisation/department/entity.json'),
          (e) => (e.errors.add = 'error.addDepartmentTypo'),
        ),
      /#\/errors\/add names the i18n key "error.addDepartmentTypo"/,
    ],
    [
      'a list column that is not a field',
      (d) => editJson(join(d, 'modules/organisation/department/entity.json'), (e) => (e.list.filters = ['colour'])),
      /#\/list\/filters\/0 names "colour", which is not a stored field/,
    ],
    [
      'an unknown entity on a screen',
      (d) => editJson(join(d, 'modules/strategic/module.json'), (m) => (m.screens[0].entity = 'strategy-plan')),
      /strategic\/module.json#\/screens\/0\/entity names the unknown entity "strategy-plan"/,
    ],
    [
      'a child linked by the wrong field',
      (d) => editJson(join(d, 'modules/organisation/business-unit/entity.json'), (e) => (e.children[0].via = 'name')),
      /#\/children\/0\/via "name" must be a field of department that references business-unit/,
    ],
    [
      'a rule between a date and a name',
      (d) =>
        editJson(
          join(d, 'modules/strategic/strategic-plan/entity.json'),
          (e) => (e.rules = [{ field: 'endDate', notBefore: 'description' }]),
        ),
      /strategic-plan\/entity.json#\/rules\/0 "endDate" and "description" must be two numbers or two dates of one kind/,
    ],
    [
      'a child section opening at a state its parent’s workflow lacks',
      (d) =>
        editJson(
          join(d, 'modules/audit-management/audit-engagement/entity.json'),
          (e) => (e.children[0].opensAt = 'Field work'),
        ),
      /audit-engagement\/entity.json#\/children\/0\/opensAt "Field work" is not a stage of audit-engagement \(Planning, Fieldwork, Reporting, Closed\)/,
    ],
    [
      'a child section opening at a state of a parent without a workflow',
      (d) =>
        editJson(join(d, 'modules/organisation/business-unit/entity.json'), (e) => (e.children[0].opensAt = 'Open')),
      /business-unit\/entity.json#\/children\/0\/opensAt names the state "Open", but business-unit has no workflow or stageField/,
    ],
    [
      'a stage field that is not an enum',
      (d) => editJson(join(d, 'modules/projects/project/entity.json'), (e) => (e.stageField = 'name')),
      /project\/entity.json#\/stageField "name" must be an enum field/,
    ],
    [
      'a requiredWhen rule on a value the field cannot have',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/entity.json'),
          (e) => (e.rules = [{ field: 'annualPlanId', requiredWhen: { level: ['company'] } }]),
        ),
      /performance-scorecard\/entity.json#\/rules\/0\/requiredWhen\/level\/0 "company" is not one of the values of "level"/,
    ],
    [
      'a requiredWhen rule on a field the entity lacks',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/entity.json'),
          (e) => (e.rules = [{ field: 'planId', requiredWhen: { level: ['corporate'] } }]),
        ),
      /#\/rules\/0\/field names "planId", which is not a stored field a client writes/,
    ],
    [
      'a bulk lookup by a field that is not unique',
      (d) =>
        editJson(
          join(d, 'modules/organisation/employee/entity.json'),
          (e) => (e.commands[0].lookups = { supervisorId: 'lastName' }),
        ),
      /employee\/entity.json#\/commands\/0\/lookups\/supervisorId "lastName" must be a field of employee that is unique on its own/,
    ],
    [
      'a bulk lookup on a field that is no reference',
      (d) =>
        editJson(
          join(d, 'modules/organisation/employee/entity.json'),
          (e) => (e.commands[0].lookups = { jobTitle: 'email' }),
        ),
      /employee\/entity.json#\/commands\/0\/lookups\/jobTitle names "jobTitle", which is not a stored reference field/,
    ],
    [
      'a screen that needs what nobody may do',
      (d) =>
        editJson(
          join(d, 'modules/performance/module.json'),
          (m) => (m.screens.find((s: { path: string }) => s.path === '/app/annual/manage-quarters').needs = 'add'),
        ),
      /performance\/module.json#\/screens\/\d+\/needs nobody may add quarter records, so the screen would be offered to no one/,
    ],
    [
      'a reference match on a field the referenced entity does not list by',
      (d) =>
        editJson(
          join(d, 'modules/strategy-management/strategic-pillar/entity.json'),
          (e) => (e.schema.properties.perspectiveId['x-refMatch'] = { name: 'name' }),
        ),
      /strategic-pillar\/entity.json#\/schema\/properties\/perspectiveId\/x-refMatch "name" must be a list filter of perspective/,
    ],
    [
      'a reference match through a field that is no reference',
      (d) =>
        editJson(
          join(d, 'modules/strategy-management/pillar-objective/entity.json'),
          (e) => (e.schema.properties.perspectiveId['x-refMatch'] = { strategicPlanId: 'name.strategicPlanId' }),
        ),
      /pillar-objective\/entity.json#\/schema\/properties\/perspectiveId\/x-refMatch "name" is not a reference, so "name.strategicPlanId" names nothing/,
    ],
    [
      'an employee picked among a list whose field names no employee',
      (d) =>
        editJson(
          join(d, 'modules/audit-management/audit-management-action/entity.json'),
          (e) =>
            (e.schema.properties.actionOwnerId['x-pickAmong'] = {
              entity: 'management-action-owner',
              field: 'businessUnitId',
            }),
        ),
      /audit-management-action\/entity.json#\/schema\/properties\/actionOwnerId\/x-pickAmong names "businessUnitId", which is no reference to employee of management-action-owner/,
    ],
    [
      'an upload removed by a command that is no POST hook of its entity',
      (d) =>
        editJson(
          join(d, 'modules/audit-management/audit-report/entity.json'),
          (e) =>
            (e.commands.find((c: { name: string }) => c.name === 'upload-draft-report').removedBy =
              'upload-exit-minutes'),
        ),
      /audit-report\/entity.json#\/commands\/\d+\/removedBy "upload-exit-minutes" is not a POST hook command of audit-report/,
    ],
    [
      'a reference match between values of different kinds',
      (d) =>
        editJson(
          join(d, 'modules/strategy-management/strategic-pillar/entity.json'),
          (e) => (e.schema.properties.perspectiveId['x-refMatch'] = { strategicPlanId: 'weight' }),
        ),
      /perspectiveId\/x-refMatch "weight" and perspective's "strategicPlanId" hold different kinds of value/,
    ],
    [
      'an unknown role in a transition',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/workflow.json'),
          (w) => (w.transitions[0].access = ['approver']),
        ),
      /performance-scorecard\/workflow.json#\/transitions\/0\/access\/0 names the unknown role "approver"; a role is holder, employee, employee:moduleAdmin/,
    ],
    [
      "an unknown role in an entity's access",
      (d) =>
        editJson(join(d, 'modules/organisation/department/entity.json'), (e) => (e.access = { update: ['manager'] })),
      /department\/entity.json#\/access\/update\/0 names the unknown role "manager"/,
    ],
    [
      'an unknown role in a command',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/entity.json'),
          (e) => (e.commands[0].access = ['reviewer']),
        ),
      /performance-scorecard\/entity.json#\/commands\/0\/access\/0 names the unknown role "reviewer"/,
    ],
    [
      'an unknown role excepted from a lock',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/workflow.json'),
          (w) => (w.locks[0].exceptRoles = ['admin']),
        ),
      /performance-scorecard\/workflow.json#\/locks\/0\/exceptRoles\/0 names the unknown role "admin"/,
    ],
    [
      'a field role excepted from a lock that names no employee',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/workflow.json'),
          (w) => (w.locks[0].exceptRoles = ['field:name']),
        ),
      /performance-scorecard\/workflow.json#\/locks\/0\/exceptRoles names the role field:name, but "name" is not a reference to employee/,
    ],
    [
      'an owner role excepted from a lock of an entity without owner',
      (d) =>
        editJson(
          join(d, 'modules/audit-management/audit-report/workflow.json'),
          (w) => (w.locks[0].exceptRoles = ['self']),
        ),
      /audit-report\/workflow.json#\/locks\/0\/exceptRoles names the role self, supervisor or unowned, which needs the entity to declare its owner/,
    ],
    [
      'a lock opening a field the entity lacks',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-assessment/workflow.json'),
          (w) => (w.locks[0].editable = ['personalNotes']),
        ),
      /performance-assessment\/workflow.json#\/locks\/0\/editable\/0 names "personalNotes": "personalNotes" is neither a stored field of performance-assessment nor one of its child collections \(kpiAssessmentList\)/,
    ],
    [
      'a lock opening a field of a child collection the child lacks',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/workflow.json'),
          (w) => (w.locks[0].editable = ['kpiList.actual5']),
        ),
      /#\/locks\/0\/editable\/0 names "kpiList.actual5": "actual5" is neither a stored field of performance-kpi nor one of its child collections \(none\)/,
    ],
    [
      'a lock opening the state field',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-agreement/workflow.json'),
          (w) => (w.locks[0].editable = ['status']),
        ),
      /performance-agreement\/workflow.json#\/locks\/0\/editable\/0 names "status", the state field: only transitions move it/,
    ],
    [
      'a state in two locks',
      (d) =>
        editJson(join(d, 'modules/performance/performance-assessment/workflow.json'), (w) =>
          w.locks[1].states.push('Agreed'),
        ),
      /performance-assessment\/workflow.json#\/locks\/1\/states "Agreed" is already locked by lock 0/,
    ],
    [
      'a lock on a state the workflow lacks',
      (d) =>
        editJson(
          join(d, 'modules/audit-management/audit-report/workflow.json'),
          (w) => (w.locks[0].states = ['Issued']),
        ),
      /audit-report\/workflow.json#\/locks\/0\/states "Issued" is not one of the states/,
    ],
    [
      'a parent role on a field that is no reference',
      (d) =>
        editJson(join(d, 'modules/performance/kpi-comment/entity.json'), (e) => (e.access.read = ['parent:comment'])),
      /kpi-comment\/entity.json#\/access\/read names the role parent:comment, but "comment" is not a stored reference/,
    ],
    [
      'a parent role that decides a write',
      (d) =>
        editJson(join(d, 'modules/performance/kpi-comment/entity.json'), (e) => (e.access.write = ['parent:kpiId'])),
      /kpi-comment\/entity.json#\/access\/add names the role parent:kpiId, but a parent decides who reads a record, not who changes it/,
    ],
    [
      'parent roles in a circle',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-kpi/entity.json'),
          (e) => (e.access.read = ['parent:aKpiId']),
        ),
      /performance-kpi\/entity.json#\/access\/read its parent roles go round in a circle \(performance-kpi.aKpiId → performance-kpi\)/,
    ],
    [
      'an unownedWhen on a value the field cannot have',
      (d) =>
        editJson(
          join(d, 'modules/performance/performance-scorecard/entity.json'),
          (e) => (e.access.unownedWhen = [{ level: ['company'] }]),
        ),
      /performance-scorecard\/entity.json#\/access\/unownedWhen\/0\/level holds a value that "level" cannot have/,
    ],
    [
      'an unownedWhen without the role unowned',
      (d) =>
        editJson(
          join(d, 'modules/performance/training-tag/entity.json'),
          (e) => (e.access.unownedWhen = [{ kind: ['employee'] }]),
        ),
      /training-tag\/entity.json#\/access\/unownedWhen limits the role unowned, which no access of the entity names/,
    ],
    [
      "a public flow's condition counting records by a field they lack",
      (d) =>
        editJson(
          join(d, 'modules/degree-360/survey-reviewer/entity.json'),
          (e) => (e.publicFlow.when[2].match = { survey: 'surveyId' }),
        ),
      /survey-reviewer\/entity.json#\/publicFlow\/when\/2\/match\/survey "survey" is not a stored field of survey-scale/,
    ],
    [
      "a public flow's condition matching fields that hold different things",
      (d) =>
        editJson(
          join(d, 'modules/degree-360/survey-reviewer/entity.json'),
          (e) => (e.publicFlow.when[2].match = { surveyId: 'reviewedEmployeeId' }),
        ),
      /survey-reviewer\/entity.json#\/publicFlow\/when\/2\/match\/surveyId "surveyId" of survey-scale and "reviewedEmployeeId" of survey-reviewer hold different things/,
    ],
    [
      "a public flow's link ending with a field that is not a date",
      (d) =>
        editJson(
          join(d, 'modules/degree-360/survey-reviewer/entity.json'),
          (e) => (e.publicFlow.expiresWith = 'surveyId.name'),
        ),
      /survey-reviewer\/entity.json#\/publicFlow\/expiresWith "surveyId.name" is not a date field/,
    ],
    [
      'a record a select leaves out, compared with a value of another kind',
      (d) =>
        editJson(
          join(d, 'modules/degree-360/survey-reviewer/entity.json'),
          (e) => (e.schema.properties.employeeId['x-refExcept'].equals = 'reviewedEmployeeId.surveyId'),
        ),
      /survey-reviewer\/entity.json#\/schema\/properties\/employeeId\/x-refExcept\/equals "reviewedEmployeeId.surveyId" and employee's "id" hold different kinds of value/,
    ],
    [
      'a field open only while the record holds a value its field cannot hold',
      (d) =>
        editJson(
          join(d, 'modules/contract-management/contract/entity.json'),
          (e) => (e.schema.properties.statusSet['x-openWhen'] = { type: ['Sealed'] }),
        ),
      /contract\/entity.json#\/schema\/properties\/statusSet\/x-openWhen\/type lists a value "type" cannot hold/,
    ],
    [
      'a field open only while a field the record does not have holds a value',
      (d) =>
        editJson(
          join(d, 'modules/contract-management/contract/entity.json'),
          (e) => (e.schema.properties.statusSet['x-openWhen'] = { kind: ['Signed'] }),
        ),
      /contract\/entity.json#\/schema\/properties\/statusSet\/x-openWhen\/kind names "kind", which contract does not have/,
    ],
    [
      "a field's help naming no text",
      (d) =>
        editJson(
          join(d, 'modules/degree-360/survey-reviewer/entity.json'),
          (e) => (e.schema.properties.employeeId['x-help'] = 'help.nowhere'),
        ),
      /survey-reviewer\/entity.json#\/schema\/properties\/employeeId\/x-help/,
    ],
    [
      "a public flow's condition on the respondent's role",
      (d) =>
        editJson(join(d, 'modules/degree-360/survey-reviewer/entity.json'), (e) =>
          e.publicFlow.when.push({ role: ['employee:moduleAdmin'] }),
        ),
      /survey-reviewer\/entity.json#\/publicFlow\/when\/4\/role names the role employee:moduleAdmin, but a respondent holds no role/,
    ],
    [
      "a share command's condition counting an unknown entity",
      (d) =>
        editJson(
          join(d, 'modules/degree-360/survey-reviewer/entity.json'),
          (e) => (e.commands[0].when[1].records = 'survey-scales'),
        ),
      /survey-reviewer\/entity.json#\/commands\/0\/when\/1\/records names the unknown entity "survey-scales"/,
    ],
    [
      'a report filter offering the values of a field its entity does not store',
      (d) =>
        editJson(join(d, 'modules/performance/company-progress/entity.json'), (e) => {
          const report = e.commands.find((c: { name: string }) => c.name === 'report').report;
          report.parameters.month['x-choicesFrom'].field = 'monthName';
        }),
      /company-progress\/entity.json#\/commands\/\d+\/report\/parameters\/month\/x-choicesFrom\/field "monthName" is not a stored field of monthly-progress-period/,
    ],
    [
      'a report filter matching its choices to a parameter the report does not have',
      (d) =>
        editJson(join(d, 'modules/performance/employee-progress/entity.json'), (e) => {
          const report = e.commands.find((c: { name: string }) => c.name === 'report').report;
          report.parameters.month['x-choicesFrom'].match = { annualPlanId: 'planId' };
        }),
      /employee-progress\/entity.json#\/commands\/\d+\/report\/parameters\/month\/x-choicesFrom\/match\/annualPlanId "planId" is not a parameter of the report/,
    ],
    [
      'a window naming whose it is by a field the record does not store',
      (d) =>
        editJson(join(d, 'modules/performance/performance-agreement/workflow.json'), (w) => {
          w.transitions[0].window.of = 'quarterName';
        }),
      /performance-agreement\/workflow.json#\/transitions\/0\/window\/of names "quarterName", which is not a stored field/,
    ],
    [
      "a state's reasons naming a field the record does not have",
      (d) =>
        editJson(join(d, 'modules/performance/performance-assessment/workflow.json'), (w) => {
          w.reasons.ReferredBack = ['whyReferred'];
        }),
      /performance-assessment\/workflow.json#\/reasons\/ReferredBack names "whyReferred", which is not a field/,
    ],
    [
      'a search by a computed text that no filter hook searches',
      (d) =>
        editJson(join(d, 'modules/organisation/audit-trail/entity.json'), (e) => {
          e.list.search.push('actionLabel');
        }),
      /audit-trail\/entity.json#\/list\/search\/4 names "actionLabel", which is not a text field that is stored or has a filter hook/,
    ],
    [
      "a title worded as another entity's naming no text field",
      (d) =>
        editJson(join(d, 'modules/organisation/audit-trail/entity.json'), (e) => {
          e.schema.properties.recordTitle['x-titleOf'] = 'recordId';
        }),
      /audit-trail\/entity.json#\/schema\/properties\/recordTitle\/x-titleOf names "recordId", which is not a text field/,
    ],
    [
      'a folder that does not match the name',
      (d) => editJson(join(d, 'modules/organisation/section/entity.json'), (e) => (e.name = 'sektion')),
      /section\/entity.json#\/name must equal its folder name "section"/,
    ],
  ];
  it.each(cases)('fails with the file and JSON pointer on %s', (_name, edit, expected) => {
    const dir = copyMetadata();
    edit(dir);
    expect(faultsOf(dir).join('\n')).toMatch(expected);
  });
});
