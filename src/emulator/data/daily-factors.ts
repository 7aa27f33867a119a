import { daysInMonth } from "../../api";
import { dayNumber, isoWeekday } from "./calendar";

/**
 * Calendar effects shared by every asset: a weekend dip, seasonality (the Q4 advertising
 * peak, the January drop) in traffic and even more in prices. Monthly levels are
 * interpolated between mid-month points so that month boundaries show no step.
 */
export interface DayFactors {
  dayIndex: number;
  /** Days since 1970-01-01. */
  day: number;
  volume: number;
  ecpm: number;
  /** Years since the first day of the data, for growth trends. */
  years: number;
}

//                                   Mon   Tue   Wed   Thu   Fri   Sat   Sun
const WEEKDAY_VOLUME: readonly number[] = [1.0, 1.0, 1.01, 1.02, 1.04, 0.86, 0.82];
const WEEKDAY_ECPM: readonly number[] = [1.0, 1.01, 1.01, 1.02, 1.0, 0.94, 0.93];
//                                  Jan   Feb   Mar   Apr   May   Jun   Jul   Aug   Sep   Oct   Nov   Dec
const MONTH_VOLUME: readonly number[] = [0.84, 0.88, 0.95, 0.97, 0.98, 0.96, 0.97, 0.96, 1.0, 1.05, 1.14, 1.22];
const MONTH_ECPM: readonly number[] = [0.7, 0.8, 0.9, 0.92, 0.95, 0.97, 0.95, 0.95, 1.0, 1.08, 1.22, 1.4];

function seasonal(levels: readonly number[], day: number): number {
  const date = new Date(day * 86_400_000);
  const month = date.getUTCMonth();
  // Position relative to the middle of the month, in months (-0.5 .. +0.5).
  const offset = (date.getUTCDate() - 0.5) / daysInMonth(date.getUTCFullYear(), month + 1) - 0.5;
  const neighbour = offset >= 0 ? (month + 1) % 12 : (month + 11) % 12;
  const weight = Math.abs(offset);
  return levels[month]! * (1 - weight) + levels[neighbour]! * weight;
}

export function dailyFactors(firstDay: string, days: number): DayFactors[] {
  const start = dayNumber(firstDay);
  return Array.from({ length: days }, (_, dayIndex) => {
    const day = start + dayIndex;
    const weekday = isoWeekday(day);
    return {
      dayIndex,
      day,
      volume: WEEKDAY_VOLUME[weekday]! * seasonal(MONTH_VOLUME, day),
      ecpm: WEEKDAY_ECPM[weekday]! * seasonal(MONTH_ECPM, day),
      years: dayIndex / 365.25,
    };
  });
}
