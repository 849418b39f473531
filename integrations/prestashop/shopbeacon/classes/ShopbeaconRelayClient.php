<?php
/**
 * shopbeacon for PrestaShop: posts a request's tracking events to the relay's `/v1/track` mirror.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * Posts tracking events to the relay's `/v1/track` mirror with the relay's key, as the WooCommerce
 * plugin's Shopbeacon_Relay_Client does: the events of one request together (an array: the mirror
 * takes up to 500), at the end of the request. The shopper never waits on the relay for long: the
 * connection must open within CONNECT_TIMEOUT and the whole exchange end within TOTAL_TIMEOUT
 * (the relay answers in milliseconds once the events are on disk). What the relay did not take
 * (down, hung, key refused) goes to the retry queue and is sent again with a later request; what
 * it refused as invalid (400) is dropped. One log line per failure, naming the outcome, never the
 * key, never the events.
 */
class ShopbeaconRelayClient
{
    /** Text that is not UTF-8 (a header cut mid-character) becomes U+FFFD rather than failing the whole batch (PHP 7.2+). */
    const JSON_FLAGS = 0x00200000;

    /** Seconds to open the connection to the relay. */
    const CONNECT_TIMEOUT = 0.2;

    /** Seconds for the whole exchange, connection included. */
    const TOTAL_TIMEOUT = 0.3;

    /** @var ShopbeaconSettings */
    private $settings;

    /** @var ShopbeaconRetryQueue */
    private $queue;

    /** @var array[] */
    private $pending = [];

    public function __construct(ShopbeaconSettings $settings, ShopbeaconRetryQueue $queue)
    {
        $this->settings = $settings;
        $this->queue = $queue;
    }

    /** Queues an event for the end of the request. */
    public function track(array $event)
    {
        $this->pending[] = $event;
    }

    /** Whether the end of this request has something to send: its own events, or a retry that is due. */
    public function hasWork()
    {
        return !empty($this->pending) || ('' !== $this->settings->adminKey() && $this->queue->isDue(time()));
    }

    /** Sends what was queued, and the retry queue's oldest events when a retry is due. */
    /**
     * Removes the queued events this request sent. Nothing claimed (the queue not yet due) leaves
     * the queue and its retry time alone: a request's own events going through says nothing of
     * when the queued ones are due.
     */
    private function settleClaimed(array $claimed, $now)
    {
        if (!empty($claimed)) {
            $this->queue->remove(array_keys($claimed), $now);
        }
    }

    public function flush()
    {
        $events = $this->pending;
        $this->pending = [];
        if ('' === $this->settings->adminKey()) {
            return;
        }
        $now = time();
        $claimed = $this->queue->isDue($now) ? $this->queue->claim($now) : [];
        if (empty($events) && empty($claimed)) {
            return;
        }
        $answer = $this->post(array_merge(array_values($claimed), $events));
        $status = $answer['status'];
        if ($status >= 200 && $status < 300) {
            $refused = self::refusedCount($answer['body']);
            if ($refused > 0) {
                $this->log(sprintf('%d cart event(s) refused by the relay as invalid', $refused));
            }
            $this->settleClaimed($claimed, $now);

            return;
        }
        if (400 === $status || 413 === $status) {
            $this->log(sprintf('%d cart event(s) refused by the relay at %s/v1/track: HTTP %d', count($claimed) + count($events), $this->settings->localUrl(), $status));
            $this->settleClaimed($claimed, $now);

            return;
        }
        $dropped = $this->queue->push($events, $now);
        $reason = $status > 0 ? 'HTTP ' . $status : $answer['error'];
        $this->log(sprintf(
            '%d cart event(s) not taken by the relay at %s/v1/track: %s; %d kept for a later retry%s',
            count($claimed) + count($events),
            $this->settings->localUrl(),
            $reason,
            count($claimed) + count($events),
            $dropped > 0 ? sprintf(', %d oldest dropped (queue full)', $dropped) : ''
        ));
    }

    /**
     * One HTTP/1.1 POST over a plain socket (no cURL needed), bounded by the two timeouts.
     *
     * @return array `['status' => int (0 when no answer), 'body' => string, 'error' => string]`
     */
    public function post(array $events)
    {
        $url = $this->settings->localUrl() . '/v1/track';
        $parts = parse_url($url);
        if (!is_array($parts) || !isset($parts['host'], $parts['scheme']) || !in_array(strtolower($parts['scheme']), ['http', 'https'], true)) {
            return ['status' => 0, 'body' => '', 'error' => 'the relay\'s local address is not an http(s) URL'];
        }
        $tls = 'https' === strtolower($parts['scheme']);
        $port = isset($parts['port']) ? (int) $parts['port'] : ($tls ? 443 : 80);
        $host = $parts['host'];
        $path = (isset($parts['path']) ? $parts['path'] : '/v1/track') . (isset($parts['query']) ? '?' . $parts['query'] : '');
        $body = json_encode($events, self::JSON_FLAGS);
        if (!is_string($body)) {
            return ['status' => 0, 'body' => '', 'error' => 'the events could not be written as JSON (' . json_last_error_msg() . ')'];
        }
        $request = 'POST ' . $path . " HTTP/1.1\r\n"
            . 'Host: ' . $host . ((($tls && 443 !== $port) || (!$tls && 80 !== $port)) ? ':' . $port : '') . "\r\n"
            . 'Authorization: Bearer ' . $this->settings->adminKey() . "\r\n"
            . "Content-Type: application/json\r\n"
            . 'Content-Length: ' . strlen($body) . "\r\n"
            . "Connection: close\r\n\r\n"
            . $body;

        $started = microtime(true);
        $deadline = $started + self::TOTAL_TIMEOUT;
        $target = ($tls ? 'tls://' : 'tcp://') . (false !== strpos($host, ':') && '[' !== $host[0] ? '[' . $host . ']' : $host) . ':' . $port;
        $context = stream_context_create($tls ? ['ssl' => ['peer_name' => trim($host, '[]')]] : []);
        $errno = 0;
        $errstr = '';
        $socket = @stream_socket_client($target, $errno, $errstr, self::CONNECT_TIMEOUT, STREAM_CLIENT_CONNECT, $context);
        if (!is_resource($socket)) {
            return ['status' => 0, 'body' => '', 'error' => sprintf('no connection (%s)', '' !== $errstr ? $errstr : 'error ' . $errno)];
        }
        stream_set_blocking($socket, false);
        $answer = '';
        $written = 0;
        $error = '';
        while (true) {
            $left = $deadline - microtime(true);
            if ($left <= 0) {
                $error = sprintf('no answer within %d ms', (int) (self::TOTAL_TIMEOUT * 1000));
                break;
            }
            $read = [$socket];
            $write = $written < strlen($request) ? [$socket] : null;
            $except = null;
            $ready = @stream_select($read, $write, $except, 0, (int) ($left * 1000000));
            if (false === $ready) {
                $error = 'the connection failed';
                break;
            }
            if (!empty($write)) {
                $sent = @fwrite($socket, (string) substr($request, $written));
                if (false === $sent) {
                    $error = 'the connection was closed while sending';
                    break;
                }
                $written += $sent;
            }
            if (!empty($read)) {
                $chunk = @fread($socket, 8192);
                if (false === $chunk || ('' === $chunk && feof($socket))) {
                    break;
                }
                $answer .= $chunk;
                if (self::isComplete($answer)) {
                    break;
                }
            }
        }
        @fclose($socket);
        if (1 !== preg_match('#^HTTP/\d(?:\.\d)? (\d{3})#', $answer, $match)) {
            return ['status' => 0, 'body' => '', 'error' => '' !== $error ? $error : 'no HTTP answer'];
        }
        $split = strpos($answer, "\r\n\r\n");

        return ['status' => (int) $match[1], 'body' => false === $split ? '' : (string) substr($answer, $split + 4), 'error' => $error];
    }

    /** Whether the answer's body is complete by its Content-Length (else it ends with the connection). */
    private static function isComplete($answer)
    {
        $split = strpos($answer, "\r\n\r\n");
        if (false === $split) {
            return false;
        }
        if (1 !== preg_match('/\r\ncontent-length:\s*(\d+)/i', substr($answer, 0, $split), $length)) {
            return false;
        }

        return strlen($answer) - $split - 4 >= (int) $length[1];
    }

    /** The events of a 202 answer the relay refused one by one (`results[].status` is `rejected`). */
    private static function refusedCount($body)
    {
        $answer = json_decode((string) $body, true);

        return is_array($answer) && isset($answer['rejected']) ? (int) $answer['rejected'] : 0;
    }

    private function log($message)
    {
        PrestaShopLogger::addLog('shopbeacon: ' . $message, 2, null, 'shopbeacon', 0, true);
    }
}
