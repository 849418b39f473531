<?php
defined( 'ABSPATH' ) || exit;

/**
 * Posts tracking events to the relay's `/v1/track` mirror over loopback with the admin key: the
 * events of one request together, at `shutdown` after WordPress has flushed the page. The relay
 * answers in milliseconds once they are on disk; a one-second timeout bounds a relay that hangs,
 * and a refused connection fails at once. A failure is logged, never shown. Not
 * `fastcgi_finish_request`: it would end the response under other plugins' shutdown work.
 */
class Shopbeacon_Relay_Client {
	/** Seconds. */
	const TIMEOUT = 1;

	/** @var Shopbeacon_Settings */
	private $settings;

	/** @var array[] */
	private $pending = array();

	public function __construct( Shopbeacon_Settings $settings ) {
		$this->settings = $settings;
	}

	/** Queues an event for the end of the request. */
	public function track( array $event ) {
		if ( empty( $this->pending ) ) {
			add_action( 'shutdown', array( $this, 'send' ), 1000 );
		}
		$this->pending[] = $event;
	}

	/** Sends what was queued (an array: the mirror takes up to 500 records per call). */
	public function send() {
		$events        = $this->pending;
		$this->pending = array();
		if ( empty( $events ) || '' === $this->settings->admin_key() ) {
			return;
		}
		$response = wp_remote_post(
			$this->settings->local_url() . '/v1/track',
			array(
				'timeout' => self::TIMEOUT,
				'headers' => array(
					'Authorization' => 'Bearer ' . $this->settings->admin_key(),
					'Content-Type'  => 'application/json',
				),
				'body'    => wp_json_encode( $events ),
			)
		);
		$this->log_failure( $response, count( $events ) );
	}

	/** One line naming the outcome; never the key, never the events. */
	private function log_failure( $response, $count ) {
		if ( is_wp_error( $response ) ) {
			$reason = $response->get_error_message();
		} else {
			$status = (int) wp_remote_retrieve_response_code( $response );
			if ( 202 === $status ) {
				return;
			}
			$reason = 'HTTP ' . $status;
		}
		$message = sprintf( 'shopbeacon: %d cart event(s) not taken by the relay at %s/v1/track: %s', $count, $this->settings->local_url(), $reason );
		if ( function_exists( 'wc_get_logger' ) ) {
			wc_get_logger()->warning( $message, array( 'source' => 'shopbeacon' ) );
		} else {
			error_log( $message );
		}
	}
}
