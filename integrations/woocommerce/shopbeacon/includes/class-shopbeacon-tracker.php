<?php
defined( 'ABSPATH' ) || exit;

/**
 * One server-side event of the shopper making this request, as the relay's `/v1/track` mirror
 * takes it: the visitor's ids from the snippet's cookies (none is invented, and none is used
 * without consent or for a browser the relay judged automated), the time in the shape the relay
 * gives browser events, a relay-only `event_id` and the shopper's User-Agent for the relay's bot
 * filter (both taken off before the service gets the event).
 */
class Shopbeacon_Tracker {
	/** @var Shopbeacon_Settings */
	private $settings;

	/** @var Shopbeacon_Relay_Client */
	private $client;

	/** @var Shopbeacon_Consent */
	private $consent;

	public function __construct( Shopbeacon_Settings $settings, Shopbeacon_Relay_Client $client, Shopbeacon_Consent $consent ) {
		$this->settings = $settings;
		$this->client   = $client;
		$this->consent  = $consent;
	}

	/** The shopper's User-Agent, its first 512 bytes cut between characters (mbstring, where the host has it), as text. */
	private static function agent() {
		if ( ! isset( $_SERVER['HTTP_USER_AGENT'] ) || ! is_string( $_SERVER['HTTP_USER_AGENT'] ) ) {
			return '';
		}
		$agent = wp_unslash( $_SERVER['HTTP_USER_AGENT'] ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- sanitized below, once cut.
		return sanitize_text_field( function_exists( 'mb_strcut' ) ? mb_strcut( $agent, 0, 512, 'UTF-8' ) : substr( $agent, 0, 512 ) );
	}

	/**
	 * The visitor's ids when an event may be sent for them now, else null. A customer id from the
	 * cookie (`~42`) is believed only when WordPress's own session is that customer's: a browser can
	 * write any cookie, and customer ids are sequential (a `~42` would put events on customer 42).
	 * With the identity secret, an anonymous id goes as the relay's door would send it
	 * (Shopbeacon_Signed_Visitor_Ids): a customer's id sent as one is not that customer.
	 */
	public function visitor() {
		if ( '' === $this->settings->admin_key() ) {
			return null;
		}
		$ids = Shopbeacon_Visitor::tracked( $_COOKIE, $this->consent->given( $_COOKIE, $_SERVER ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- validated against the id patterns.
		if ( null === $ids ) {
			return null;
		}
		if ( Shopbeacon_Visitor::is_identified( $_COOKIE ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- read only.
			// A guest's user id is 0, which `~0` would match: a customer id is believed only for a customer.
			$user = get_current_user_id();
			return $user > 0 && (string) $user === $ids['user_id'] ? $ids : null;
		}
		if ( '' !== $this->settings->identity_secret() ) {
			$ids['user_id'] = ( new Shopbeacon_Signed_Visitor_Ids( $this->settings->identity_secret() ) )->as_the_relay_sends( $ids['user_id'] );
		}
		return $ids;
	}

	/**
	 * Queues the event for after the response.
	 *
	 * @param string      $event_name The service's event name.
	 * @param array       $fields     Its event object.
	 * @param string|null $key        What makes this event once per action of this visitor (an order id): the same key is the
	 *                                same event_id, which the relay refuses as a duplicate for 24 hours. Null: a new id.
	 */
	public function send( $event_name, array $fields, $key = null ) {
		$ids = $this->visitor();
		if ( null !== $ids ) {
			$this->queue( $ids, $event_name, $fields, null === $key ? wp_generate_uuid4() : substr( hash( 'sha256', $ids['user_id'] . '|' . $key ), 0, 40 ) );
		}
	}

	/**
	 * Queues the event under a key that is once per action whoever the visitor is by then: one
	 * holding a random token the shopper's WooCommerce session keeps, which WooCommerce carries over
	 * when a guest logs in or registers, where their visitor id changes from the anonymous one to the
	 * customer's.
	 *
	 * @param string $event_name The service's event name.
	 * @param array  $fields     Its event object.
	 * @param string $key        Unique to this action of this shopper.
	 */
	public function send_once_per_session_key( $event_name, array $fields, $key ) {
		$ids = $this->visitor();
		if ( null !== $ids ) {
			$this->queue( $ids, $event_name, $fields, substr( hash( 'sha256', $key ), 0, 40 ) );
		}
	}

	/** Whether the shopper lets the plugin track them but has no visitor id yet: the snippet has not run on any page of theirs. */
	public function awaits_ids() {
		return '' !== $this->settings->admin_key()
			&& null === Shopbeacon_Visitor::ids( $_COOKIE ) // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- validated against the id patterns.
			&& ! isset( $_COOKIE[ Shopbeacon_Visitor::BOT_COOKIE ] )
			&& $this->consent->given( $_COOKIE, $_SERVER ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- only compared.
	}

	/** The event as the relay's mirror takes it, with the shopper's agent and address for its bot filter. */
	private function queue( array $ids, $event_name, array $fields, $event_id ) {
		$event = array(
			'user_id'    => $ids['user_id'],
			'event_name' => $event_name,
			'event'      => $fields,
			'datetime'   => gmdate( 'Y-m-d H:i:s+00:00' ),
			// A retry after an answer that came too late is a duplicate, not a second event.
			'event_id'   => 'wp-' . $event_id,
		);
		if ( isset( $ids['session_id'] ) ) {
			$event['session_id'] = $ids['session_id'];
		}
		// The shopper's agent and address: the relay judges them as it judges a browser's batch, and drops them.
		$event['visitor_agent'] = self::agent();
		if ( isset( $_SERVER['REMOTE_ADDR'] ) && false !== filter_var( $_SERVER['REMOTE_ADDR'], FILTER_VALIDATE_IP ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- validated as an address.
			$event['visitor_ip'] = (string) $_SERVER['REMOTE_ADDR']; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- validated above.
		}
		$this->client->track( $event );
	}
}
