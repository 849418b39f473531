<?php
defined( 'ABSPATH' ) || exit;

/**
 * Posts tracking events to the relay's `/v1/track` mirror over loopback with the relay's key, never
 * while a shopper waits: the events of one request leave after the response has ended
 * (`fastcgi_finish_request` under PHP-FPM, `litespeed_finish_request` under LiteSpeed), from a
 * shutdown function registered during WordPress's own `shutdown`, so every other plugin's shutdown
 * work (WooCommerce saving its session) is done first. Where the response cannot be ended early
 * (mod_php), or the relay did not take them (away, hung, key refused), the events go to
 * WooCommerce's Action Scheduler and are posted again from its queue runner, with backoff, for 24
 * hours; for a minute after the relay failed, requests hand theirs to the queue at once rather
 * than hold a worker each. A failure is one log line, never shown, never with the key.
 */
class Shopbeacon_Relay_Client {
	/**
	 * Seconds a post may take once the response has ended. The shopper no longer waits, but the
	 * PHP-FPM worker does: on a real shop with a hung relay, 3 s held a pool of four workers and
	 * every fourth cart action queued behind them for 2.3 s. The relay answers in milliseconds.
	 */
	const TIMEOUT = 1;

	/** Seconds a post may take from Action Scheduler's queue runner, which no shopper waits on. */
	const RETRY_TIMEOUT = 3;

	/** While set, the relay failed a moment ago: requests hand their events to the queue instead of holding a worker again. */
	const DOWN_FLAG = 'shopbeacon_relay_down';

	/** How long the flag lasts (seconds): the first retry's delay. */
	const DOWN_FOR = 60;

	/** The Action Scheduler hook and group of a retry. */
	const RETRY_HOOK  = 'shopbeacon_send_events';
	const RETRY_GROUP = 'shopbeacon';

	/** How long a batch is tried again (seconds): as long as the snippet's own queue retries. */
	const RETRY_FOR = DAY_IN_SECONDS;

	/** @var Shopbeacon_Settings */
	private $settings;

	/** Batches waiting in Action Scheduler at most (each a request's events, a few KB). */
	const MAX_WAITING = 500;

	/** A part's events as JSON at most: Action Scheduler's limit is 8,000 characters, with the meta beside them. */
	const MAX_ARGS_CHARS = 7000;

	/** @var array[] */
	private $pending = array();

	public function __construct( Shopbeacon_Settings $settings ) {
		$this->settings = $settings;
	}

	public function register() {
		add_action( self::RETRY_HOOK, array( $this, 'retry' ), 10, 2 );
	}

	/** Queues an event for after the response. */
	public function track( array $event ) {
		if ( empty( $this->pending ) ) {
			add_action( 'shutdown', array( $this, 'after_response' ), 1000 );
		}
		$this->pending[] = $event;
	}

	/** Runs the send after every other shutdown function, WordPress's `shutdown` action included. */
	public function after_response() {
		register_shutdown_function( array( $this, 'send' ) );
	}

	/** Ends the response, then posts what was queued; hands it to the queue runner when the response cannot end first. */
	public function send() {
		$events        = $this->pending;
		$this->pending = array();
		if ( empty( $events ) || '' === $this->settings->admin_key() ) {
			return;
		}
		if ( get_transient( self::DOWN_FLAG ) || ! self::end_response() ) {
			// A relay that just failed, or a response that cannot end first: the queue runner posts them, no worker waits here.
			$this->schedule( $events, 0, 0, 'sent from the queue' );
			return;
		}
		$this->attempt( $events, 0, time(), self::TIMEOUT );
	}

	/**
	 * Action Scheduler's call: one more try of a batch first queued at `$first`.
	 *
	 * @param array $events The batch, as queued.
	 * @param array $meta   `attempt` and `first` (a Unix time).
	 */
	public function retry( $events, $meta = array() ) {
		$attempt = isset( $meta['attempt'] ) ? (int) $meta['attempt'] : 1;
		$first   = isset( $meta['first'] ) ? (int) $meta['first'] : time();
		if ( ! is_array( $events ) || empty( $events ) || '' === $this->settings->admin_key() ) {
			return;
		}
		if ( get_transient( self::DOWN_FLAG ) ) {
			// The relay failed a moment ago: wait rather than hold the queue runner's worker for the timeout (seen on a real shop: 21 s a minute),
			// backing off as a failed try does, so a day's outage is a few dozen actions per batch, not one a minute.
			$this->schedule( $events, $attempt + 1, $first, 'the relay failed a moment ago', false );
			return;
		}
		$this->attempt( $events, $attempt, $first, self::RETRY_TIMEOUT );
	}

	/** Whether the shopper's response has ended, so a slow relay costs them nothing. */
	private static function end_response() {
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			return (bool) fastcgi_finish_request();
		}
		return function_exists( 'litespeed_finish_request' ) && (bool) litespeed_finish_request();
	}

	/** One post; what the relay did not take is scheduled again, or given up after RETRY_FOR. */
	private function attempt( array $events, $attempt, $first, $timeout ) {
		$response = wp_remote_post(
			$this->settings->local_url() . '/v1/track',
			array(
				'timeout' => $timeout,
				'headers' => array(
					'Authorization' => 'Bearer ' . $this->settings->admin_key(),
					'Content-Type'  => 'application/json',
				),
				'body'    => wp_json_encode( $events ),
			)
		);
		$status = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );
		if ( 202 === $status ) {
			delete_transient( self::DOWN_FLAG );
			return;
		}
		$reason = is_wp_error( $response ) ? $response->get_error_message() : 'HTTP ' . $status;
		if ( 400 === $status || 413 === $status ) {
			$this->log( sprintf( '%d cart event(s) refused by the relay at %s/v1/track: %s', count( $events ), $this->settings->local_url(), $reason ) );
			return;
		}
		if ( 0 === $status || $status >= 500 ) {
			set_transient( self::DOWN_FLAG, 1, self::DOWN_FOR );
		}
		$this->schedule( $events, $attempt + 1, $first, $reason );
	}

	/** Hands the batch to Action Scheduler: at once for a first try, then after 1, 2, 4 … 60 minutes; `$said`: logged. */
	private function schedule( array $events, $attempt, $first, $reason, $said = true ) {
		$prefix = sprintf( '%d cart event(s) not taken by the relay at %s/v1/track: %s', count( $events ), $this->settings->local_url(), $reason );
		if ( ! function_exists( 'as_schedule_single_action' ) ) {
			$this->log( $prefix . '; lost: Action Scheduler is not loaded' );
			return;
		}
		if ( 0 === $attempt && ! self::has_room() ) {
			$this->log( sprintf( '%s; dropped: %d batches already wait for the relay in Action Scheduler', $prefix, self::MAX_WAITING ) );
			return;
		}
		$delay = 0 === $attempt ? 0 : min( 60 * ( 2 ** ( $attempt - 1 ) ), HOUR_IN_SECONDS );
		$first = $first ? $first : time();
		if ( time() + $delay - $first > self::RETRY_FOR ) {
			$this->log( $prefix . '; given up after 24 hours' );
			return;
		}
		foreach ( self::parts( $events ) as $part ) {
			try {
				as_schedule_single_action( time() + $delay, self::RETRY_HOOK, array( $part, array( 'attempt' => $attempt, 'first' => $first ) ), self::RETRY_GROUP );
			} catch ( Exception $error ) {
				$this->log( sprintf( '%d cart event(s) lost: Action Scheduler refused them (%s)', count( $part ), $error->getMessage() ) );
			}
		}
		if ( 0 !== $attempt && $said ) {
			$this->log( sprintf( '%s; tried again in %d s', $prefix, $delay ) );
		}
	}

	/**
	 * The batch in parts Action Scheduler takes: it refuses arguments over 8,000 characters of JSON
	 * (a checkout of some 40 lines was 9,315), and throws where the shutdown cannot catch it.
	 */
	private static function parts( array $events ) {
		$parts = array();
		$part  = array();
		$size  = 0;
		foreach ( $events as $event ) {
			$length = strlen( (string) wp_json_encode( $event ) ) + 1;
			if ( ! empty( $part ) && $size + $length > self::MAX_ARGS_CHARS ) {
				$parts[] = $part;
				$part    = array();
				$size    = 0;
			}
			$part[] = $event;
			$size  += $length;
		}
		if ( ! empty( $part ) ) {
			$parts[] = $part;
		}
		return $parts;
	}

	/**
	 * Whether another batch may wait in Action Scheduler: an outage, or a host that cannot end the
	 * response, must not let anonymous requests fill the queue the shop's own webhooks and renewals share.
	 */
	private static function has_room() {
		if ( ! function_exists( 'as_get_scheduled_actions' ) ) {
			return true;
		}
		$waiting = as_get_scheduled_actions(
			array(
				'hook'     => self::RETRY_HOOK,
				'group'    => self::RETRY_GROUP,
				'status'   => 'pending',
				'per_page' => self::MAX_WAITING,
			),
			'ids'
		);
		return count( $waiting ) < self::MAX_WAITING;
	}

	/** One line naming the outcome; never the key, never the events. */
	private function log( $message ) {
		$message = 'shopbeacon: ' . $message;
		if ( function_exists( 'wc_get_logger' ) ) {
			wc_get_logger()->warning( $message, array( 'source' => 'shopbeacon' ) );
		} else {
			error_log( $message ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions -- the shop's own log, when WooCommerce's is not loaded.
		}
	}
}
