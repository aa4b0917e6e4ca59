import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { validateWebhook } from './validate-webhook.js'

const spec = makeSpec(
  {
    webhooks: {
      'issues-opened': {
        post: {
          operationId: 'issues/opened',
          parameters: [
            {
              name: 'X-GitHub-Event',
              in: 'header',
              required: true,
              schema: { type: 'string', enum: ['issues'] },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['action', 'issue'],
                  properties: {
                    action: { const: 'opened' },
                    issue: {
                      type: 'object',
                      required: ['number'],
                      properties: {
                        number: { type: 'integer', readOnly: true },
                        secret: { writeOnly: true },
                      },
                    },
                  },
                },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
      'issues-closed': { $ref: '#/components/pathItems/Closed' },
    },
    components: {
      pathItems: {
        Closed: {
          post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
  },
  '3.1',
  'hooks',
)

const OPENED = { action: 'opened', issue: { number: 7 } }

describe('validateWebhook', () => {
  it('reads the payload like a response: readOnly belongs, writeOnly does not', () => {
    expect(validateWebhook(spec, 'issues-opened', { body: OPENED })).toMatchObject({
      outcome: 'success',
      matchedPath: 'issues-opened',
      method: 'POST',
      matchedContentType: 'application/json',
    })
    expect(
      validateWebhook(spec, 'issues-opened', {
        body: { ...OPENED, issue: { number: 7, secret: 'x' } },
      }).violations.map((v) => v.message),
    ).toEqual(['[/issue/secret] is writeOnly and must not appear in a response, received "x" (string)'])
  })

  it('checks header parameters only when headers are given', () => {
    expect(
      validateWebhook(spec, 'issues-opened', { body: OPENED, headers: {} }).violations.map((v) => v.message),
    ).toEqual(['[header.X-GitHub-Event] required header is missing'])
    expect(
      validateWebhook(spec, 'issues-opened', { body: OPENED, headers: { 'x-github-event': 'issues' } })
        .outcome,
    ).toBe('success')
  })

  it('renders failures with the webhook name', () => {
    expect(
      validateWebhook(spec, 'issues-opened', {
        body: { action: 'closed', issue: {} },
        contentType: 'application/json',
      }).message,
    ).toMatchInlineSnapshot(`
      "webhook 'issues-opened' POST application/json: 2 violations against 'hooks' spec (operationId issues/opened)
        [/action] must be "opened", received "closed" (string)
        [/issue/number] required property is missing"
    `)
  })

  it('follows a $ref to a path item', () => {
    expect(validateWebhook(spec, 'issues-closed', { body: [] }).violations.map((v) => v.message)).toEqual([
      '[/] must be object, received [] (array)',
    ])
  })

  it.each([
    [
      'an unknown webhook',
      'issues-edited',
      {},
      "No webhook named 'issues-edited' in 'hooks' spec.\n  closest webhooks:\n    - issues-closed\n    - issues-opened",
    ],
    [
      'an undeclared method',
      'issues-opened',
      { method: 'PUT' },
      "Method PUT not defined for webhook 'issues-opened' in 'hooks' spec. Defined methods: POST.",
    ],
  ])('fails for %s', (_name, webhook, input, message) => {
    const result = validateWebhook(spec, webhook, { body: {}, ...input })
    expect(result.outcome).toBe('failure')
    expect(result.message).toBe(message)
  })
})
