import { metadataFor } from '../../../platform/event-store/metadata';
import { createSmsSender, type SmsSender } from '../../../platform/mail/sms';
import type { BackgroundTask, Platform } from '../../../platform/platform';
import { findSettings } from '../../hospitals';
import { applyToAppointment } from '../commands';
import { bookedBefore, dueReminders } from '../read-models/appointments';
import { wallClock } from '../slot-time';
import { reminderMail, reminderText } from './reminder-text';

const PAGE = 200;
const system = (hospitalId: string, now: Date) => metadataFor({ hospitalId, now });

/**
 * What the clock makes happen to the book, run on a timer with an injectable clock:
 *  - an appointment still booked when its day has ended (in its hospital's time zone) is a no-show,
 *    and its doctor's slot is free again;
 *  - the day before an appointment, a reminder goes to the patient's e-mail (when one was given)
 *    and phone, once (`AppointmentReminderSent`). A crash between sending and recording it sends
 *    it again at the next run: a repeated reminder beats a missing one.
 * Every step is a command on the appointment's stream, so two server processes sweeping at once
 * conflict on its revision rather than marking anything twice.
 */
export async function sweepAppointments(platform: Platform, now: Date, sms: SmsSender) {
  let noShows = 0;
  let reminders = 0;
  // Bounded: a page the commands could not move would otherwise come back forever.
  for (let pages = 0; pages < 50; pages++) {
    const page = await bookedBefore(platform.db, now, PAGE);
    for (const a of page) {
      const today = wallClock(now, a.time_zone).date;
      await applyToAppointment(platform, system(a.hospital_id, now), a.appointment_id, {
        type: 'MarkNoShow',
        appointmentId: a.appointment_id,
        hospitalId: a.hospital_id,
        today,
      });
      noShows++;
    }
    if (page.length < PAGE) break;
  }
  for (const a of await dueReminders(platform.db, now, PAGE)) {
    const hospital = await findSettings(platform.db, a.hospital_id);
    const channels: ('email' | 'sms')[] = [];
    try {
      if (a.contact_email) {
        await platform.mailer.send({ to: a.contact_email, ...reminderMail(a, hospital?.name ?? 'the hospital') });
        channels.push('email');
      }
      if (a.contact_phone) {
        await sms.send({ to: a.contact_phone, text: reminderText(a, hospital?.name ?? 'the hospital') });
        channels.push('sms');
      }
    } catch (err) {
      platform.log.warn({ err, appointmentId: a.appointment_id }, 'appointment reminder failed; retried next run');
      if (channels.length === 0) continue;
    }
    await applyToAppointment(platform, system(a.hospital_id, now), a.appointment_id, {
      type: 'RecordReminder',
      appointmentId: a.appointment_id,
      hospitalId: a.hospital_id,
      channels,
    });
    reminders++;
  }
  return { noShows, reminders };
}

export type SweepOptions = { clock: () => Date; intervalMs: number; fetch?: typeof fetch };

export function daySweep(platform: Platform, options: SweepOptions): BackgroundTask {
  const sms = platform.metrics.counted(
    'sms',
    createSmsSender(
      { smsUrl: platform.config.smsUrl, outboxDir: `${platform.config.dataDir}/outbox`, fetch: options.fetch },
      platform.log,
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = sweepAppointments(platform, options.clock(), sms).catch((err: unknown) =>
      platform.log.warn({ err }, 'appointment sweep failed'),
    );
  };
  return {
    // It sends reminders: one server at a time, or each would send them.
    elected: 'background:appointments-sweep',
    start: () => {
      timer = setInterval(() => void running.then(tick), options.intervalMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
