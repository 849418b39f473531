<?php
defined( 'ABSPATH' ) || exit;

/**
 * Retries that came due while the plugin was not loaded are queued again. Action Scheduler runs
 * its queue whatever plugins are active: a retry of `shopbeacon_send_events` that comes due while
 * the plugin is deactivated, or half-updated, finds no callback and is failed for good ("no
 * callbacks are registered"; seen on a real WooCommerce 11: 24 of 60 events lost in one run). The
 * events are still in the failed action's arguments: when the plugin is activated again, or first
 * runs after an update, the failed retries of the last day are scheduled again and their failed
 * records deleted. A batch sent twice is a duplicate the relay drops by its event ids.
 */
class Shopbeacon_Retry_Rescue {
	/** The plugin version that last looked, so an update looks once. */
	const VERSION_OPTION = 'shopbeacon_rescued_for';

	/** Failed retries taken at most per look (the rest wait for the next activation or update). */
	const BATCH = 200;

	/** @var string */
	private $version;

	public function __construct( $version ) {
		$this->version = $version;
	}

	public function register() {
		add_action( 'init', array( $this, 'after_update' ) );
	}

	/** Once per plugin version: the first request after an update. */
	public function after_update() {
		if ( get_option( self::VERSION_OPTION ) === $this->version ) {
			return;
		}
		update_option( self::VERSION_OPTION, $this->version );
		$this->queue_failed_again();
	}

	/** The retries Action Scheduler failed in the last day, scheduled again; how many. */
	public function queue_failed_again() {
		if ( ! function_exists( 'as_get_scheduled_actions' ) || ! class_exists( 'ActionScheduler' ) ) {
			return 0;
		}
		$ids = as_get_scheduled_actions(
			array(
				'hook'         => Shopbeacon_Relay_Client::RETRY_HOOK,
				'group'        => Shopbeacon_Relay_Client::RETRY_GROUP,
				'status'       => ActionScheduler_Store::STATUS_FAILED,
				'date'         => time() - Shopbeacon_Relay_Client::RETRY_FOR,
				'date_compare' => '>=',
				'per_page'     => self::BATCH,
			),
			'ids'
		);
		$store = ActionScheduler::store();
		foreach ( $ids as $id ) {
			$args = $store->fetch_action( $id )->get_args();
			$store->delete_action( $id );
			as_schedule_single_action( time(), Shopbeacon_Relay_Client::RETRY_HOOK, $args, Shopbeacon_Relay_Client::RETRY_GROUP );
		}
		if ( ! empty( $ids ) && function_exists( 'wc_get_logger' ) ) {
			wc_get_logger()->info( sprintf( 'shopbeacon: %d retry(ies) of cart events Action Scheduler failed while the plugin was not loaded, queued again', count( $ids ) ), array( 'source' => 'shopbeacon' ) );
		}
		return count( $ids );
	}
}
