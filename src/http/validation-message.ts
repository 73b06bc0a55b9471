// Turns the validator's first error into "Field: rule", the message every 400 carries.

export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
}

const ARTICLE: Record<string, string> = {
  number: 'a number',
  integer: 'an integer',
  string: 'a string',
  boolean: 'a boolean (true or false)',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

function ruleOf(issue: ValidationIssue): string {
  const p = issue.params;
  const custom = issue.parentSchema?.['x-rule'];
  switch (issue.keyword) {
    case 'type': {
      const t = Array.isArray(p.type) ? p.type : String(p.type).split(',');
      return `must be ${t.map((x: string) => ARTICLE[x] ?? x).join(' or ')}`;
    }
    case 'required':
      return 'is required';
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).filter((v) => v !== null);
      return `must be one of: ${allowed.join(', ')}`;
    }
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
    case 'maxLength':
      return `must be at most ${p.limit} characters`;
    case 'minItems':
      return p.limit === 1 ? 'must not be empty' : `must have at least ${p.limit} items`;
    case 'maxItems':
      return `must have at most ${p.limit} items`;
    case 'minimum':
      return `must be ${p.comparison} ${p.limit}`;
    case 'maximum':
      return `must be ${p.comparison} ${p.limit}`;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${p.comparison} ${p.limit}`;
    case 'multipleOf':
      return `must be a multiple of ${p.multipleOf}`;
    case 'pattern':
    case 'format':
      return typeof custom === 'string' ? custom : `must be a valid ${p.format ?? 'value'}`;
    default:
      return typeof custom === 'string' ? custom : (issue.message ?? 'is invalid');
  }
}

export function validationMessage(issue: ValidationIssue): string {
  let field = fieldPath(issue.instancePath);
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty);
    field = field ? `${field}.${missing}` : missing;
  }
  if (!field) return issue.keyword === 'type' ? 'body: must be a JSON object' : `body: ${ruleOf(issue)}`;
  return `${field}: ${ruleOf(issue)}`;
}
