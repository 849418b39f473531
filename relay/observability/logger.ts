import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. The relay never logs the token or cookie values on purpose; the redaction
 * list is the second line of defence should an object carrying them ever reach a log call.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'shopbeacon' },
      redact: {
        paths: [
          'token',
          '*.token',
          'adminKey',
          '*.adminKey',
          'authorization',
          '*.authorization',
          'headers.authorization',
          'headers.cookie',
          '*.headers.authorization',
          '*.headers.cookie',
          'cookie',
          '*.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
