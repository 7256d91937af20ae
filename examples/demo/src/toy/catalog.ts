/**
 * What the toy lab serves, as the toy protocol describes it (`{"op":"describe"}`): one service whose methods show
 * each call kind. The Python example sidecar turns this description into the workbench's services.
 */

export type ToyKind = 'unary' | 'server' | 'client' | 'duplex'

export interface ToyField {
  name: string
  type: 'string' | 'int' | 'bool' | 'object'
  description: string
  example?: unknown
}

export interface ToyMethod {
  name: string
  kind: ToyKind
  description: string
  input: ToyField[]
  output: ToyField[]
}

export interface ToyService {
  name: string
  description: string
  methods: ToyMethod[]
}

export const toyCatalog: ToyService[] = [
  {
    name: 'Lab',
    description: 'A toy service over newline-delimited JSON on TCP: every call kind in a few lines.',
    methods: [
      {
        name: 'Hello',
        kind: 'unary',
        description: 'Greets someone.',
        input: [{ name: 'name', type: 'string', description: 'Who to greet.', example: 'Ada' }],
        output: [{ name: 'greeting', type: 'string', description: 'The greeting.' }],
      },
      {
        name: 'Echo',
        kind: 'unary',
        description: 'Answers the text and the headers it received.',
        input: [{ name: 'text', type: 'string', description: 'Anything.', example: 'ping' }],
        output: [
          { name: 'text', type: 'string', description: 'The same text.' },
          { name: 'headers', type: 'object', description: 'The headers of the call.' },
        ],
      },
      {
        name: 'Sleep',
        kind: 'unary',
        description: 'Answers after a while (at most 60 s).',
        input: [{ name: 'ms', type: 'int', description: 'How long to wait, in milliseconds.', example: 2500 }],
        output: [{ name: 'slept', type: 'int', description: 'How long it waited.' }],
      },
      {
        name: 'Fail',
        kind: 'unary',
        description: 'Fails with the status and message asked for.',
        input: [
          { name: 'status', type: 'string', description: 'A status name such as NotFound.', example: 'NotFound' },
          { name: 'message', type: 'string', description: 'The error message.', example: 'no such thing' },
        ],
        output: [],
      },
      {
        name: 'Count',
        kind: 'server',
        description: 'Streams the numbers from 1 up to `to`, one every `intervalMs`.',
        input: [
          { name: 'to', type: 'int', description: 'The last number (at most 10,000,000).', example: 5 },
          { name: 'intervalMs', type: 'int', description: 'Milliseconds between numbers.', example: 200 },
          { name: 'perSecond', type: 'int', description: 'Or: this many numbers a second (0: as fast as possible).' },
        ],
        output: [{ name: 'n', type: 'int', description: 'The number.' }],
      },
      {
        name: 'Sum',
        kind: 'client',
        description: 'Adds up the values sent, answering once the client is done.',
        input: [{ name: 'value', type: 'int', description: 'A number to add.', example: 3 }],
        output: [
          { name: 'sum', type: 'int', description: 'The total.' },
          { name: 'count', type: 'int', description: 'How many values were sent.' },
        ],
      },
      {
        name: 'Shout',
        kind: 'duplex',
        description: 'Answers every message with its text in capitals.',
        input: [{ name: 'text', type: 'string', description: 'Something to say.', example: 'hello' }],
        output: [{ name: 'reply', type: 'string', description: 'The answer.' }],
      },
    ],
  },
]
